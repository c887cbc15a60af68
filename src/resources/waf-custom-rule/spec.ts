/** `WafCustomRule` on the kit: a custom WAF rule that Pulumi owns. */
import { WafRuleActionType } from "../../client/enums";
import { enumInput } from "../kit/fields";
import { ruleInputs, ruleLifecycle, type RuleSpec } from "../kit/rules";
import { declaration } from "./declaration";

/** One schema per input. */
export const inputSchema = ruleInputs(declaration, enumInput(WafRuleActionType), {});

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
