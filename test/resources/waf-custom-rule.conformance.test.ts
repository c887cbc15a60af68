import { WafRuleActionType } from "../../src/client/enums";
import { ownedConformance } from "./owned-conformance";
import { ruleCase } from "./rule-case";

ownedConformance(
  ruleCase({
    kind: "WafCustomRule",
    store: "wafCustomRules",
    actions: WafRuleActionType,
    action: "Block",
    otherAction: "Log",
    own: {},
    ownLive: () => ({}),
    limitName: "customWafRulesLimit",
    createRoute: "createWafCustomRule",
    readRoute: "getWafCustomRule",
  }),
);
