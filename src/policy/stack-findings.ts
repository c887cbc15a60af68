/**
 * Findings across a zone's resources (octorules-bunny's BN002, BN009, BN5xx): they need the
 * whole stack, so they are stack policies, which see each resource's known values (in a
 * preview, a value another resource's output gives is not known yet, and is left out).
 */
import { parseNetwork, type Network } from "./address-space";
import type { StackFinding, StackProblem, StackResource } from "./findings";
import { entriesOf, networksOf, overlaps, SAME_ENTRY } from "./list-findings";
import { resourceName, shown } from "./resources";
import { conditionKey, conditionsOf, isCatchAll } from "./rule-findings";

type RuleKind = "WafCustomRule" | "RateLimit" | "AccessList";

/**
 * `resources` of `kinds` grouped by zone, each group by resource name (the engine gives a stack
 * policy its resources in no set order: of two duplicates, the same one is reported every run);
 * those of no known zone left out.
 */
function byZone(resources: readonly StackResource[], kinds: readonly string[]) {
  const zones = new Map<string, StackResource[]>();
  const sorted = [...resources].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const r of sorted) {
    if (!kinds.includes(r.kind) || r.zone === undefined) continue;
    zones.set(r.zone, [...(zones.get(r.zone) ?? []), r]);
  }
  return [...zones.values()];
}

const named = (r: StackResource) => resourceName(r.kind, r.name);

/** BN002: two rules (or lists) of one kind with the same name in a zone. */
export const nameDuplicate: StackFinding = {
  name: "shield-name-duplicate",
  peer: ["BN002"],
  description:
    "Two WafCustomRules, RateLimits or AccessLists of one zone do not share a name (a lost create is found again by its name).",
  severity: "high",
  enforcementLevel: "mandatory",
  remediationSteps: "Give each rule and list a name of its own in its zone.",
  judge(resources) {
    return (["WafCustomRule", "RateLimit", "AccessList"] as const).flatMap((kind) =>
      byZone(resources, [kind]).flatMap((zone) => {
        const first = new Map<string, StackResource>();
        return zone.flatMap((r) => {
          if (typeof r.props.name !== "string") return [];
          const earlier = first.get(r.props.name);
          if (!earlier) {
            first.set(r.props.name, r);
            return [];
          }
          return [
            {
              resource: r,
              message: `name ${shown(r.props.name)} is taken by ${named(earlier)} in the same zone: one of them would adopt or overwrite the other. Rename one.`,
            },
          ];
        });
      }),
    );
  },
};

/** BN009: a custom rule and a rate limit of one zone with the same name. */
export const nameReused: StackFinding = {
  name: "shield-name-reused",
  peer: ["BN009"],
  description:
    "A WafCustomRule and a RateLimit of one zone do not share a name (event logs and audits could not tell them apart).",
  severity: "low",
  enforcementLevel: "advisory",
  remediationSteps: 'Name them apart, e.g. "Login waf" and "Login rate".',
  judge(resources) {
    return byZone(resources, ["WafCustomRule", "RateLimit"]).flatMap((zone) => {
      const rules = new Map(
        zone.filter((r) => r.kind === "WafCustomRule").map((r) => [r.props.name, r]),
      );
      return zone.flatMap((r) => {
        const other = r.kind === "RateLimit" ? rules.get(r.props.name) : undefined;
        return other && typeof r.props.name === "string"
          ? [
              {
                resource: r,
                message: `name ${shown(r.props.name)} is also ${named(other)}'s: the event logs cannot tell them apart. Rename one.`,
              },
            ]
          : [];
      });
    });
  },
};

/** BN500: two rules of one kind and zone with the same conditions. */
export const duplicateConditionsAcross: StackFinding = {
  name: "shield-rules-duplicate-conditions",
  peer: ["BN500"],
  description:
    "Two rules of one kind (WafCustomRule, RateLimit) in a zone do not have the same conditions.",
  severity: "medium",
  enforcementLevel: "advisory",
  remediationSteps: "Remove one of the rules, or make its conditions what was meant.",
  judge(resources) {
    return (["WafCustomRule", "RateLimit"] as const).flatMap((kind) =>
      byZone(resources, [kind]).flatMap((zone) => {
        const first = new Map<string, StackResource>();
        return zone.flatMap((r) => {
          const conditions = conditionsOf(r.props);
          if (conditions.length === 0) return [];
          const key = conditions.map(conditionKey).sort().join("\n");
          const earlier = first.get(key);
          if (!earlier) {
            first.set(key, r);
            return [];
          }
          return [
            {
              resource: r,
              message: `has the same conditions as ${named(earlier)}: one of them is a copy. Remove it, or change its conditions.`,
            },
          ];
        });
      }),
    );
  },
};

const TERMINATING = new Set(["Block", "Challenge", "Allow", "Bypass"]);

/**
 * The custom rules of a zone in the order they run, as far as a preview knows it: those with a
 * place in the zone's wafCustomRuleOrder (declared, or as the service reported it), else by id
 * (the service appends a rule it creates); then the new ones, whose order among themselves is
 * their creation's, which a preview cannot know (a stack policy gets resources in no set order).
 */
function runOrder(zone: StackResource[]) {
  const rules = zone.filter((r) => r.kind === "WafCustomRule");
  const declared = zone.find((r) => r.kind === "ShieldZone")?.props.wafCustomRuleOrder;
  const order = Array.isArray(declared)
    ? declared
    : rules
        .map((r) => r.props.ruleId)
        .filter((id) => typeof id === "number")
        .sort((a, b) => a - b);
  const position = new Map(order.map((id, i) => [id, i]));
  const isPlaced = (r: StackResource) =>
    typeof r.props.ruleId === "number" && position.has(r.props.ruleId);
  const placed = rules
    .filter(isPlaced)
    .sort((a, b) => position.get(a.props.ruleId)! - position.get(b.props.ruleId)!);
  const fresh = rules.filter((r) => !isPlaced(r));
  // An order holding ids not known yet places new rules where the preview cannot see.
  return { placed, fresh, freshPlaceUnknown: order.some((id) => id === undefined) };
}

/** Whether a rule ends every request: one catch-all condition and an action that stops. */
const endsEverything = (r: StackResource) => {
  const conditions = conditionsOf(r.props);
  return (
    TERMINATING.has(String(r.props.action)) &&
    conditions.length === 1 &&
    !conditions[0]!.negated &&
    isCatchAll(conditions[0]!)
  );
};

/** BN503: a custom rule after one that ends every request. */
export const unreachableRule: StackFinding = {
  name: "shield-rule-unreachable",
  peer: ["BN503"],
  description:
    "No WafCustomRule runs after one whose only condition matches every request and whose action ends it (Block, Challenge, Allow, Bypass).",
  severity: "high",
  enforcementLevel: "advisory",
  remediationSteps: "Narrow the catch-all rule's condition, or order it last (wafCustomRuleOrder).",
  judge(resources) {
    return byZone(resources, ["WafCustomRule", "ShieldZone"]).flatMap((zone) => {
      const { placed, fresh, freshPlaceUnknown } = runOrder(zone);
      const ends = (r: StackResource) =>
        `${named(r)}, whose only condition matches every request and whose action ${shown(r.props.action)} ends it`;
      const at = placed.findIndex(endsEverything);
      if (at >= 0) {
        const catchAll = placed[at]!;
        return [
          ...placed.slice(at + 1).map((r) => ({
            resource: r,
            message: `runs after ${ends(catchAll)}: this rule is never reached. Narrow that rule, or order it last.`,
          })),
          ...fresh.map((r) => ({
            resource: r,
            message: freshPlaceUnknown
              ? `may run after ${ends(catchAll)} (the zone's order places it where a preview cannot see): then it is never reached. Narrow that rule, or order it last.`
              : `is new, and a new rule runs after the zone's others, among them ${ends(catchAll)}: it is never reached. Narrow that rule, or order it last.`,
          })),
        ];
      }
      const catchAll = fresh.find(endsEverything);
      if (!catchAll) return [];
      return fresh
        .filter((r) => r !== catchAll)
        .map((r) => ({
          resource: r,
          message: `is created in the same update as ${ends(catchAll)}: if it is created after it, it is never reached. Narrow that rule, or declare wafCustomRuleOrder with it last.`,
        }));
    });
  },
};

const PASSING = new Set(["Allow", "Bypass"]);
const STOPPING = new Set(["Block", "Challenge"]);
const effectOf = (r: StackResource) =>
  r.props.isEnabled === false
    ? undefined
    : PASSING.has(String(r.props.action))
      ? "pass"
      : STOPPING.has(String(r.props.action ?? "Block"))
        ? "stop"
        : undefined;

/** The list types compared across lists by value; IP and CIDR lists are compared by overlap. */
const BY_VALUE = ["ASN", "Country", "JA4", "Organization"] as const;

/** BN502 and BN504 (different actions): one client let through by a list and stopped by another. */
export const listsConflict: StackFinding = {
  name: "shield-lists-conflict",
  peer: ["BN502", "BN504"],
  description:
    "No address, network, AS, country, organization or JA4 fingerprint is let through by one AccessList (Allow, Bypass) and stopped by another (Block, Challenge) of the same zone.",
  severity: "high",
  enforcementLevel: "advisory",
  remediationSteps:
    "Remove the entry from one of the lists, so that which one wins does not depend on their order.",
  judge(resources) {
    return byZone(resources, ["AccessList"]).flatMap((zone) => {
      const lists = zone.filter((r) => effectOf(r) !== undefined);
      const problems: StackProblem[] = [];
      // Networks: IP and CIDR lists together, by overlap.
      const nets = lists.flatMap((list) =>
        networksOf(list.props)
          .filter(({ net }) => net.bits > 0)
          .map((n) => ({ ...n, list })),
      );
      for (const [a, b] of overlaps(nets)) {
        if (a.list === b.list || effectOf(a.list) === effectOf(b.list)) continue;
        const [pass, stop] = effectOf(a.list) === "pass" ? [a, b] : [b, a];
        problems.push({
          resource: pass.list,
          message: `${shown(pass.entry)} is let through (${shown(pass.list.props.action)}) and ${shown(stop.entry)} of ${named(stop.list)} is stopped (${shown(stop.list.props.action)}): they overlap, so which applies depends on the lists' order. Remove one of them.`,
        });
      }
      // The other types: the same value in both.
      for (const type of BY_VALUE) {
        const same = SAME_ENTRY[type]!;
        const passing = new Map<string, { entry: string; list: StackResource }>();
        for (const list of lists.filter((l) => l.props.type === type && effectOf(l) === "pass")) {
          for (const entry of entriesOf(list.props)) passing.set(same(entry), { entry, list });
        }
        for (const list of lists.filter((l) => l.props.type === type && effectOf(l) === "stop")) {
          for (const entry of entriesOf(list.props)) {
            const pass = passing.get(same(entry));
            if (pass)
              problems.push({
                resource: pass.list,
                message: `${type} ${shown(pass.entry)} is let through (${shown(pass.list.props.action)}) and stopped (${shown(list.props.action)}) by ${named(list)}: which applies depends on the lists' order. Remove it from one of them.`,
              });
          }
        }
      }
      return problems;
    });
  },
};

const ADDRESS_OPERATORS = new Set(["STREQ", "EQ", "WITHIN", "STRMATCH"]);

/** BN504 (redundant): a network in two lists of the same effect, or in a rule and a passing list. */
export const networksOverlap: StackFinding = {
  name: "shield-networks-overlap",
  peer: ["BN504"],
  description:
    "A zone's AccessLists of the same effect do not list overlapping networks, and no WafCustomRule matches REMOTE_ADDR inside a network a list lets through (those requests never reach the rule).",
  severity: "medium",
  enforcementLevel: "advisory",
  remediationSteps:
    "Keep each network in one list; drop a rule's address that a list lets through already.",
  judge(resources) {
    return byZone(resources, ["AccessList", "WafCustomRule"]).flatMap((zone) => {
      type Item = { entry: string; net: Network; owner: StackResource; passes: boolean };
      const items: Item[] = [];
      for (const r of zone) {
        if (r.kind === "AccessList" && effectOf(r) !== undefined) {
          for (const n of networksOf(r.props))
            if (n.net.bits > 0) items.push({ ...n, owner: r, passes: effectOf(r) === "pass" });
        } else if (r.kind === "WafCustomRule") {
          for (const c of conditionsOf(r.props)) {
            const net =
              c.variable === "REMOTE_ADDR" && !c.negated && ADDRESS_OPERATORS.has(c.operator)
                ? parseNetwork(c.value)
                : undefined;
            if (net) items.push({ entry: c.value, net, owner: r, passes: false });
          }
        }
      }
      return overlaps(items).flatMap(([outer, inner]): StackProblem[] => {
        if (outer.owner === inner.owner) return []; // within one list: shield-list-overlap
        const rule = [outer, inner].find((i) => i.owner.kind === "WafCustomRule");
        const list = [outer, inner].find((i) => i.owner.kind === "AccessList");
        if (rule && list) {
          return list.passes
            ? [
                {
                  resource: rule.owner,
                  message: `matches REMOTE_ADDR ${shown(rule.entry)}, which ${named(list.owner)} lets through (${shown(list.entry)}, action ${shown(list.owner.props.action)}): those requests skip the WAF, so the rule never sees them. Remove the address from one of them.`,
                },
              ]
            : [];
        }
        if (rule || effectOf(outer.owner) !== effectOf(inner.owner)) return []; // different effects: shield-lists-conflict
        return [
          {
            resource: inner.owner,
            message: `${shown(inner.entry)} lies inside ${shown(outer.entry)} of ${named(outer.owner)}, which does the same: keep the network in one list.`,
          },
        ];
      });
    });
  },
};

/** What each plan allows per zone: custom WAF rules, rate limits, custom lists, list entries. */
export const PLAN_LIMITS: Record<
  string,
  { WafCustomRule: number; RateLimit: number; AccessList: number; entries: number }
> = {
  Basic: { WafCustomRule: 0, RateLimit: 2, AccessList: 1, entries: 1_000 },
  Advanced: { WafCustomRule: 10, RateLimit: 10, AccessList: 5, entries: 5_000 },
  Business: { WafCustomRule: 25, RateLimit: 25, AccessList: 10, entries: 7_500 },
  // The service says "unlimited" for Enterprise's rate limits and lists.
  Enterprise: { WafCustomRule: 50, RateLimit: Infinity, AccessList: Infinity, entries: Infinity },
};

/** BN501: more rules, lists or entries than the zone's plan allows, where its plan is known. */
export const planLimits: StackFinding = {
  name: "shield-plan-limits",
  peer: ["BN501"],
  description:
    "A zone whose plan is known (its ShieldZone's planType) has no more custom WAF rules, rate limits, custom lists or list entries than the plan allows.",
  severity: "high",
  enforcementLevel: "advisory",
  remediationSteps:
    "Remove rules or lists, merge them, or declare a higher planType on the ShieldZone.",
  judge(resources) {
    return byZone(resources, ["ShieldZone", "WafCustomRule", "RateLimit", "AccessList"]).flatMap(
      (zone) => {
        const shieldZone = zone.find((r) => r.kind === "ShieldZone");
        const plan = shieldZone ? PLAN_LIMITS[String(shieldZone.props.planType)] : undefined;
        if (!shieldZone || !plan) return [];
        // The zone's own figures, once read from the service, over the table's.
        const limits = { ...plan };
        if (typeof shieldZone.props.customWafRulesLimit === "number")
          limits.WafCustomRule = shieldZone.props.customWafRulesLimit;
        if (typeof shieldZone.props.rateLimitRulesLimit === "number")
          limits.RateLimit = shieldZone.props.rateLimitRulesLimit;
        const counts: Array<[string, number, number]> = (
          ["WafCustomRule", "RateLimit", "AccessList"] as RuleKind[]
        ).map((kind) => [`${kind}s`, zone.filter((r) => r.kind === kind).length, limits[kind]]);
        counts.push([
          "access list entries",
          zone
            .filter((r) => r.kind === "AccessList")
            .reduce((n, r) => n + entriesOf(r.props).length, 0),
          limits.entries,
        ]);
        return counts
          .filter(([, count, limit]) => count > limit)
          .map(([what, count, limit]) => ({
            resource: shieldZone,
            message: `the program declares ${count} ${what} in this zone, and its plan ${shown(shieldZone.props.planType)} allows ${limit}: the service refuses the rest. Remove ${count - limit}, or raise planType.`,
          }));
      },
    );
  },
};

/** Every finding of this file, in the order the pack runs them. */
export const STACK_FINDINGS: readonly StackFinding[] = [
  nameDuplicate,
  nameReused,
  duplicateConditionsAcross,
  unreachableRule,
  listsConflict,
  networksOverlap,
  planLimits,
];
