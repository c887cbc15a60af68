/** The WAF routes: the managed rule catalog, custom WAF rules and rate limits. */
import type { RouteName } from "../../route-names";
import { zoneInBody, type RouteContext, type RouteDefinition } from "../../route";
import { listWafRules } from "./catalog";
import { RATE_LIMITS, ruleHandlers, WAF_CUSTOM_RULES, type RuleStore } from "./rules";

/** The paths of a rule kind: its zone listing, and creation (plus `/{id}` for one rule). */
interface RulePaths {
  list: string;
  rule: string;
  noun: "WafCustomRule" | "RateLimit";
}

const path = (text: string) => new RegExp(`^${text.replace(/\//g, "\\/")}\\/?$`, "i");

function ruleRoutes(store: RuleStore, paths: RulePaths): RouteDefinition[] {
  const handlers = ruleHandlers(store);
  const name = (verb: string, plural = "") => `${verb}${paths.noun}${plural}` as RouteName;
  const zoneOfRule = ({ state, params }: RouteContext) =>
    state.rules[store.kind].get(Number(params.id))?.shieldZoneId;
  const one = path(`${paths.rule}/(?<id>[^/]+)`);
  // Drift adds no key to the maps of request variables.
  const maps = (prefix: string) => [
    `${prefix}ruleConfiguration.variableTypes`,
    `${prefix}ruleConfiguration.chainedRuleConditions.*.variableTypes`,
  ];
  return [
    {
      name: name("list", "s"),
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
  ];
}

export const wafRuleRoutes: readonly RouteDefinition[] = [
  {
    name: "listWafRules",
    method: "GET",
    pattern: path("/shield/waf/rules/(?<shieldZoneId>[^/]+)"),
    constraints: { shieldZoneId: "int32" },
    handler: listWafRules,
    envelope: "core",
    unreadFields: ["*.ruleGroups.*.fileName", "*.ruleGroups.*.ruleset"],
  },
  ...ruleRoutes(WAF_CUSTOM_RULES, {
    list: "/shield/waf/custom-rules",
    rule: "/shield/waf/custom-rule",
    noun: "WafCustomRule",
  }),
  ...ruleRoutes(RATE_LIMITS, {
    list: "/shield/rate-limits",
    rule: "/shield/rate-limit",
    noun: "RateLimit",
  }),
];
