/** `WafCustomRule` on the kit: a custom WAF rule that Pulumi owns. */
import { WafRuleActionType } from "../../client/enums";
import { inputSchemaOf } from "../kit/check";
import { ruleLifecycle, type RuleSpec } from "../kit/rules";
import { declaration } from "./declaration";

/** The schemas of its inputs, from the declaration. */
export const inputSchema = inputSchemaOf(declaration);

/** What makes this rule kind what it is. */
export const ruleSpec: RuleSpec = {
  declaration,
  inputs: inputSchema,
  api: (client) => client.wafCustomRules,
  actions: WafRuleActionType,
  own: {},
  limit: "customWafRulesLimit",
};

/** The lifecycle `dispatch` runs for this kind. */
export const lifecycle = ruleLifecycle(ruleSpec);
