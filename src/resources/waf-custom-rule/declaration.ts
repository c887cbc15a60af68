/** `WafCustomRule` declared once: resource.ts is generated from it (`npm run generate`). */
import { WafRuleActionType } from "../../client/enums";
import { declareKind } from "../kit/declaration";
import { enumInput } from "../kit/fields";
import { RULE_BASE, ruleOutputs } from "../kit/rule-declaration";

export const declaration = declareKind({
  kind: "WafCustomRule",
  summary: "`WafCustomRule`: a custom WAF rule that Pulumi creates, changes and deletes.",
  doc: `A custom WAF rule of a shield zone (\`POST /shield/waf/custom-rule\`, \`PATCH\` and \`DELETE\`
of \`/shield/waf/custom-rule/{id}\`). A create whose answer is lost is resolved by finding the
rule by name, never by posting again; many rules of one zone are written one at a time.

@example
\`\`\`ts
new WafCustomRule("block-admin", {
  shieldZoneId: zone.shieldZoneId,
  name: "Block admin",
  action: "Block",
  conditions: [{ variable: "REQUEST_URI", operator: "BEGINSWITH", value: "/admin" }],
  transformations: ["LOWERCASE"],
});
\`\`\``,
  base: RULE_BASE,
  inputs: {
    action: {
      schema: enumInput(WafRuleActionType, "WafRuleAction"),
      doc: "`Block`, `Log`, `Challenge`, `Allow` or `Bypass` (or 1 to 5).",
      required: true,
      docs: {
        text: "What the rule does with a matching request.",
      },
    },
  },
  outputs: ruleOutputs({}),
});
