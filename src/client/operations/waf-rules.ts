/** `GET /shield/waf/rules/{shieldZoneId}`: the catalog of managed WAF rules a zone can use. */
import { z } from "zod";
import { pathOf, shieldZoneId as checkZoneId } from "../arguments";
import { ApiResource } from "../resource";
import { lenientInt, lenientText, listOrEmpty, optionalText } from "../schemas";

// The rule ids are what a resource checks disabled and log-only rules against: strict.
// The groups' names are shown; their other fields are not read.
const ruleSchema = z.object({ ruleId: optionalText, description: lenientText });

const groupSchema = z.object({
  id: lenientInt,
  name: lenientText,
  code: lenientText,
  fileName: lenientText,
  mainGroup: lenientText,
  ruleset: lenientText,
  description: lenientText,
  rules: listOrEmpty(ruleSchema),
});

const mainGroupSchema = z.object({
  name: lenientText,
  ruleset: lenientText,
  ruleGroups: listOrEmpty(groupSchema),
});

/** `WafRuleMainGroupModel`: a top-level group of the catalog, with its groups and their rules. */
export type WafRuleMainGroup = z.output<typeof mainGroupSchema>;

const catalogSchema = z.array(mainGroupSchema);

/** One managed WAF rule of the catalog, with the group it belongs to. */
export interface ManagedWafRule {
  /** The id used in a zone's `wafDisabledRules` and `wafLogOnlyRules`, e.g. `"942100"`. */
  ruleId: string;
  description: string | null;
  /** The name of the rule's group (`WafRuleGroupModel.name`), e.g. `"SQL Injection"`. */
  group: string | null;
  /** The group's code (`WafRuleGroupModel.code`), as event-log labels name it. */
  groupCode: string | null;
  /** The name of the top-level group the rule's group is part of. */
  mainGroup: string | null;
}

/** `client.wafRules`: the managed WAF rules (the catalog; managed rules are not created or deleted). */
export class WafRulesApi extends ApiResource {
  /** Every managed rule a zone can use, flattened out of its groups. Rules without an id are left out. */
  async list(shieldZoneId: number): Promise<ManagedWafRule[]> {
    const rules: ManagedWafRule[] = [];
    for (const main of await this.listGroups(shieldZoneId)) {
      for (const group of main.ruleGroups) {
        for (const rule of group.rules) {
          if (!rule.ruleId) continue;
          rules.push({
            ruleId: rule.ruleId,
            description: rule.description ?? null,
            group: group.name ?? null,
            groupCode: group.code ?? null,
            mainGroup: main.name ?? group.mainGroup ?? null,
          });
        }
      }
    }
    return rules;
  }

  /** The catalog as the service groups it: top-level groups, their groups, and their rules. */
  async listGroups(shieldZoneId: number): Promise<WafRuleMainGroup[]> {
    return this.request({
      operation: "listWafRules",
      method: "GET",
      path: pathOf("shield", "waf", "rules", checkZoneId(shieldZoneId)),
      schema: catalogSchema,
    });
  }
}
