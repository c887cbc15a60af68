/**
 * The WAF routes: the managed rule catalog and its review, the WAF's reference data, custom
 * WAF rules and rate limits.
 */
import {
  pathPattern as path,
  zoneInBody,
  zoneInPath,
  type RouteContext,
  defineRoutes,
} from "../../route";
import { listWafRules } from "./catalog";
import { getWafEngineConfig, getWafEnums, getWafRulesByPlan, listWafProfiles } from "./reference";
import { RATE_LIMITS, ruleHandlers, WAF_CUSTOM_RULES, type RuleStore } from "./rules";
import {
  getTriggeredRuleRecommendation,
  getTriggeredWafRules,
  reviewTriggeredWafRule,
} from "./triggered";

/** The paths of a rule kind: its zone listing, and creation (plus `/{id}` for one rule). */
interface RulePaths<Noun extends string> {
  list: string;
  rule: string;
  noun: Noun;
}

/** A rule kind's five routes, named `list<Noun>s`, `get<Noun>`, `create<Noun>` and so on. */
function ruleRoutes<const Noun extends string>(store: RuleStore, paths: RulePaths<Noun>) {
  const handlers = ruleHandlers(store);
  const name = <const Verb extends string>(verb: Verb) => `${verb}${paths.noun}` as const;
  const zoneOfRule = ({ state, params }: RouteContext) =>
    state.rules[store.kind].get(Number(params.id))?.shieldZoneId;
  const one = path(`${paths.rule}/(?<id>[^/]+)`);
  // Drift adds no key to the maps of request variables.
  const maps = (prefix: string) => [
    `${prefix}ruleConfiguration.variableTypes`,
    `${prefix}ruleConfiguration.chainedRuleConditions.*.variableTypes`,
  ];
  return defineRoutes([
    {
      name: `list${paths.noun}s` as const,
      method: "GET",
      pattern: path(`${paths.list}/(?<shieldZoneId>[^/]+)`),
      constraints: { shieldZoneId: "int32" },
      handler: handlers.list,
      envelope: "data",
      unreadFields: ["data.*.userId", "data.*.ruleJson", "page.totalCount"],
      maps: maps("data.*."),
    },
    {
      name: name("get"),
      method: "GET",
      pattern: one,
      constraints: { id: "int64" },
      handler: handlers.get,
      envelope: "rule",
      unreadFields: ["userId", "ruleJson"],
      maps: maps(""),
    },
    {
      name: name("create"),
      method: "POST",
      pattern: path(paths.rule),
      constraints: {},
      handler: handlers.create,
      envelope: "rule",
      writes: zoneInBody,
      unreadFields: ["userId", "ruleJson"],
      maps: maps(""),
    },
    {
      name: name("update"),
      method: "PATCH",
      pattern: one,
      constraints: { id: "int64" },
      handler: handlers.update,
      envelope: "rule",
      writes: zoneOfRule,
      unreadFields: ["userId", "ruleJson"],
      maps: maps(""),
    },
    {
      name: name("delete"),
      method: "DELETE",
      pattern: one,
      constraints: { id: "int64" },
      handler: handlers.delete,
      envelope: "status",
      writes: zoneOfRule,
    },
  ]);
}

export const wafRuleRoutes = defineRoutes([
  {
    name: "listWafRules",
    method: "GET",
    pattern: path("/shield/waf/rules/(?<shieldZoneId>[^/]+)"),
    constraints: { shieldZoneId: "int32" },
    handler: listWafRules,
    envelope: "core",
    unreadFields: ["*.ruleGroups.*.fileName", "*.ruleGroups.*.ruleset"],
  },
  {
    name: "listWafRulesByPlan",
    method: "GET",
    pattern: path("/shield/waf/rules/plan-segmentation"),
    constraints: {},
    handler: getWafRulesByPlan,
    envelope: "data",
    unreadFields: ["data.*.rules.*.ruleGroups.*.fileName"],
  },
  {
    name: "listTriggeredWafRules",
    method: "GET",
    pattern: path("/shield/waf/rules/review-triggered/(?<shieldZoneId>[^/]+)"),
    constraints: { shieldZoneId: "int64" },
    handler: getTriggeredWafRules,
    envelope: "rule",
    maps: ["triggeredRules.*.topTargetedUrls"],
  },
  {
    name: "reviewTriggeredWafRule",
    method: "POST",
    pattern: path("/shield/waf/rules/review-triggered/(?<shieldZoneId>[^/]+)"),
    constraints: { shieldZoneId: "int64" },
    handler: reviewTriggeredWafRule,
    envelope: "rule",
    writes: zoneInPath,
  },
  {
    name: "getTriggeredWafRuleRecommendation",
    method: "GET",
    pattern: path(
      "/shield/waf/rules/review-triggered/ai-recommendation/(?<shieldZoneId>[^/]+)/(?<ruleId>[^/]+)",
    ),
    constraints: { shieldZoneId: "int64" },
    handler: getTriggeredRuleRecommendation,
    envelope: "rule",
  },
  {
    name: "listWafProfiles",
    method: "GET",
    pattern: path("/shield/waf/profiles"),
    constraints: {},
    handler: listWafProfiles,
    envelope: "data",
    unreadFields: ["data.*.*.imageUrl"],
  },
  {
    name: "getWafEngineConfig",
    method: "GET",
    pattern: path("/shield/waf/engine-config"),
    constraints: {},
    handler: getWafEngineConfig,
    envelope: "data",
  },
  {
    name: "getWafEnums",
    method: "GET",
    pattern: path("/shield/waf/enums"),
    constraints: {},
    handler: getWafEnums,
    envelope: "data",
  },
  ...ruleRoutes(WAF_CUSTOM_RULES, {
    list: "/shield/waf/custom-rules",
    rule: "/shield/waf/custom-rule",
    noun: "WafCustomRule",
  }),
  {
    name: "replaceWafCustomRule",
    method: "PUT",
    pattern: path("/shield/waf/custom-rule/(?<id>[^/]+)"),
    constraints: { id: "int64" },
    handler: ruleHandlers(WAF_CUSTOM_RULES).replace,
    envelope: "rule",
    writes: ({ state, params }) => state.rules.wafCustomRules.get(Number(params.id))?.shieldZoneId,
    unreadFields: ["userId", "ruleJson"],
    maps: [
      "ruleConfiguration.variableTypes",
      "ruleConfiguration.chainedRuleConditions.*.variableTypes",
    ],
  },
  ...ruleRoutes(RATE_LIMITS, {
    list: "/shield/rate-limits",
    rule: "/shield/rate-limit",
    noun: "RateLimit",
  }),
]);
