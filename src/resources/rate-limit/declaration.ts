/** `RateLimit` declared once: resource.ts is generated from it (`npm run generate`). */
import { declareKind } from "../kit/declaration";
import { RULE_INPUTS } from "../kit/rule-declaration";

export const declaration = declareKind({
  kind: "RateLimit",
  summary: "`RateLimit`: a rate limit rule that Pulumi creates, changes and deletes.",
  doc: `A rate limit of a shield zone (\`POST /shield/rate-limit\`, \`PATCH\` and \`DELETE\` of
\`/shield/rate-limit/{id}\`), with the same guarantees as \`WafCustomRule\`.

@example
\`\`\`ts
new RateLimit("login", {
  shieldZoneId: zone.shieldZoneId,
  name: "Login attempts",
  action: "RateLimit",
  conditions: [{ variable: "REQUEST_URI", operator: "BEGINSWITH", value: "/login" }],
  requestCount: 10,
  timeframe: 60,
  blockTime: 300,
});
\`\`\``,
  base: {
    args: "RuleArgs",
    from: "../kit/rule-resource",
    types: ["RuleConditionState"],
    inputs: RULE_INPUTS,
  },
  inputs: {
    action: {
      type: '"RateLimit" | "Log" | "Challenge" | number',
      doc: "`RateLimit`, `Log` or `Challenge` (or 1 to 3).",
      required: true,
    },
    requestCount: {
      type: "number",
      doc: "How many requests are allowed in `timeframe`.",
      required: true,
    },
    timeframe: {
      type: "number | string",
      doc: "The window, in seconds (1, 10, 60, 300, 900, 3600) or by name (`PerOneMinute`, …).",
      required: true,
    },
    blockTime: {
      type: "number | string",
      doc: "How long a client is limited, in seconds (30, 60, 300, 900, 1800, 3600) or by name (`ForOneMinute`, …).",
      required: true,
    },
    counterKey: {
      type: "string | number",
      doc: "What requests are counted per: `IP` (default), `Host`, `Country`, `City`, `ASN`, `Organization`, `JA4`, `IP_JA4`.",
    },
  },
  outputs: {
    shieldZoneId: { type: "number", doc: "The shield zone." },
    ruleId: { type: "number", doc: "The rule's id.", fromId: 0 },
    name: { type: "string", doc: "The rule's name." },
    description: { type: "string", doc: "Its description." },
    action: { type: "string", doc: "The action by name." },
    severity: { type: "string | null", doc: "The severity by name, or null." },
    conditions: { type: "RuleConditionState[]", doc: "The conditions as the service has them." },
    transformations: { type: "string[]", doc: "The transformations by name, sorted." },
    requestCount: { type: "number", doc: "Requests allowed per window." },
    timeframe: { type: "string", doc: "The window by name (e.g. `PerOneMinute`)." },
    blockTime: { type: "string", doc: "The block time by name (e.g. `ForFiveMinutes`)." },
    counterKey: { type: "string", doc: "What requests are counted per, by name." },
    adoptExisting: {
      type: "boolean",
      doc: "Whether a rate limit that existed before was taken over.",
    },
  },
});
