/** `WafCustomRule` on the kit: a custom WAF rule that Pulumi owns. */
import { WafRuleActionType } from "../../client/enums";
import { enumField } from "../kit/fields";
import { ruleInputs, ruleLifecycle } from "../kit/rules";

/** One schema per input. */
export const inputSchema = ruleInputs(enumField(WafRuleActionType), {}, []);

/** The lifecycle `dispatch` runs for this kind. */
export const lifecycle = ruleLifecycle({
  kind: "WafCustomRule",
  inputs: inputSchema,
  api: (client) => client.wafCustomRules,
  actions: WafRuleActionType,
  own: {},
  limit: "customWafRulesLimit",
});
