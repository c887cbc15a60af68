/** `generate`'s part for `ShieldZone`: the zone itself, read before any kind's part. */
import { existingKind, pickMembers, serviceDefaults } from "../../generate/existing";
import { existing as wafCustomRules } from "../waf-custom-rule/existing";
import { declaration } from "./declaration";
import { inputSchema } from "./spec";

/** The zone's settings, always declared, and the custom WAF rules' order named in a comment. */
export const existing = existingKind({
  declaration,
  inputs: inputSchema,
  zone: true,
  describe: (context) => {
    const { zone, pullZoneId } = context.read;
    const raw = pickMembers(zone, inputSchema.fields);
    raw.pullZoneId = pullZoneId;
    // The order's ids are the rules (adopted, they keep their ids): named in a comment, since a
    // reference to their outputs would make the zone depend on its own rules.
    const rules = context.read.of(wafCustomRules);
    const names = new Map(rules.map((rule) => [rule.id, rule.ruleName ?? ""]));
    const order = zone.wafCustomRuleOrder.map(
      (id) => `${id} ${names.get(id) ?? "(not a rule of the zone)"}`,
    );
    return [
      {
        name: context.names.take("zone", "", "zone"),
        raw,
        defaults: serviceDefaults(inputSchema, context.defaults.shieldZone),
        always: true,
        argumentComments: {
          wafCustomRuleOrder: [`The custom WAF rules' order, by id: ${order.join(", ")}.`],
        },
      },
    ];
  },
});
