/**
 * The findings across a zone's resources, with octorules-bunny's own cases: each cites the
 * peer's test it is transcribed from (its phases are kinds here: `bunny_waf_custom_rules` the
 * WafCustomRules of a zone, `bunny_waf_access_list_rules` its AccessLists).
 */
import { strict as assert } from "node:assert";
import { stackFindingPolicy, type StackFinding } from "../../src/policy/findings";
import {
  duplicateConditionsAcross,
  listsConflict,
  nameDuplicate,
  nameReused,
  networksOverlap,
  planLimits,
  unreachableRule,
} from "../../src/policy/stack-findings";
import { stackViolations, UNKNOWN, type StackEntry } from "./harness";

const ZONE = 1001;
const c = (variable: string, operator: string, value = "", negated = false) => ({
  variable,
  operator,
  value,
  variableValue: "",
  negated,
});
const rule = (name: string, props: Record<string, unknown> = {}): StackEntry => ({
  kind: "WafCustomRule",
  name,
  props: {
    shieldZoneId: ZONE,
    name,
    action: "Block",
    description: "test",
    conditions: [c("REQUEST_URI", "CONTAINS", "/bad")],
    ...props,
  },
});
const rateLimit = (name: string, props: Record<string, unknown> = {}): StackEntry => ({
  ...rule(name, props),
  kind: "RateLimit",
});
const list = (
  name: string,
  type: string,
  action: string,
  entries: string[],
  props: Record<string, unknown> = {},
): StackEntry => ({
  kind: "AccessList",
  name,
  props: { shieldZoneId: ZONE, name, type, action, isEnabled: true, entries, ...props },
});
const zone = (props: Record<string, unknown> = {}): StackEntry => ({
  kind: "ShieldZone",
  name: "zone",
  props: { shieldZoneId: ZONE, ...props },
});
const catchAll = (name: string, action = "Block") =>
  rule(name, { action, conditions: [c("REQUEST_URI", "CONTAINS", "")] });
const normal = (name: string) =>
  rule(name, { conditions: [c("REQUEST_URI", "CONTAINS", "/admin")] });
const many = (n: number, make: (i: number) => StackEntry) =>
  Array.from({ length: n }, (_, i) => make(i));

const X = "tests/test_linter/test_cross_phase_checks.py::TestCrossPhaseChecks::";
const U = "tests/test_linter/test_unreachable_rules.py::TestBN503Unreachable::";
const N = "tests/test_new_lint_rules.py::TestBN009CrossPhaseDupRef::";
const O = "tests/test_validate.py::TestCrossRuleCIDROverlap::";

/** [finding, the peer's test, the stack, the names of the resources it reports]. */
const CASES: Array<[StackFinding, string, StackEntry[], string[]]> = [
  [
    duplicateConditionsAcross,
    `${X}test_bn500_duplicate_conditions`,
    [rule("Rule A"), rule("Rule B", { action: "Log" })],
    ["Rule B"],
  ],
  [
    duplicateConditionsAcross,
    "(negative) different values",
    [rule("Rule A"), normal("Rule B")],
    [],
  ],
  [
    duplicateConditionsAcross,
    "(negative) a rule and a rate limit are different phases",
    [rule("Rule A"), rateLimit("Rule B")],
    [],
  ],
  [
    planLimits,
    `${X}test_bn501_respects_plan_tier_basic`,
    [zone({ planType: "Basic" }), ...many(3, (i) => normal(`Rule ${i}`))],
    ["zone"],
  ],
  [
    planLimits,
    `${X}test_bn501_respects_plan_tier_advanced_under_limit`,
    [zone({ planType: "Advanced" }), ...many(3, (i) => normal(`Rule ${i}`))],
    [],
  ],
  [
    planLimits,
    `${X}test_bn501_respects_plan_tier_advanced_over_limit`,
    [zone({ planType: "Advanced" }), ...many(11, (i) => normal(`Rule ${i}`))],
    ["zone"],
  ],
  [
    planLimits,
    `${X}test_bn501_access_list_count_basic`,
    [
      zone({ planType: "Basic" }),
      ...many(2, (i) => list(`list-${i}`, "IP", "Block", [`1.2.3.${i}`])),
    ],
    ["zone"],
  ],
  [
    planLimits,
    `${X}test_bn501_access_list_count_advanced_under`,
    [
      zone({ planType: "Advanced" }),
      ...many(3, (i) => list(`list-${i}`, "IP", "Block", [`1.2.3.${i}`])),
    ],
    [],
  ],
  [
    planLimits,
    `${X}test_bn501_access_list_count_advanced_over`,
    [
      zone({ planType: "Advanced" }),
      ...many(6, (i) => list(`list-${i}`, "IP", "Block", [`1.2.3.${i}`])),
    ],
    ["zone"],
  ],
  [
    planLimits,
    `${X}test_bn501_exceeds_free_limit (no plan known: not judged here, unlike the peer)`,
    many(3, (i) => normal(`Rule ${i}`)),
    [],
  ],
  [
    listsConflict,
    `${X}test_bn502_conflicting_access_lists`,
    [list("1", "IP", "Block", ["1.2.3.4"]), list("2", "IP", "Allow", ["1.2.3.4"])],
    ["2"],
  ],
  [
    listsConflict,
    `${X}test_bn502_no_conflict_different_ips`,
    [list("1", "IP", "Block", ["1.2.3.4"]), list("2", "IP", "Allow", ["5.6.7.8"])],
    [],
  ],
  [
    listsConflict,
    "cross-rule.md BN502 (country)",
    [list("3", "Country", "Block", ["CN"]), list("4", "Country", "Allow", ["CN"])],
    ["4"],
  ],
  [
    listsConflict,
    `${O}test_bn504_overlapping_cidr_block_vs_allow`,
    [list("42", "CIDR", "Block", ["10.0.0.0/8"]), list("43", "CIDR", "Allow", ["10.1.0.0/16"])],
    ["43"],
  ],
  [
    listsConflict,
    `${O}test_bn504_overlapping_cidr_same_action_no_fire`,
    [list("42", "CIDR", "Block", ["10.0.0.0/8"]), list("43", "CIDR", "Block", ["10.1.0.0/16"])],
    [],
  ],
  [
    listsConflict,
    `${O}test_bn504_non_overlapping_cidr`,
    [list("42", "CIDR", "Block", ["10.0.0.0/8"]), list("43", "CIDR", "Allow", ["172.16.0.0/12"])],
    [],
  ],
  [
    listsConflict,
    `${O}test_bn504_catch_all_cidr_skip`,
    [list("42", "CIDR", "Block", ["0.0.0.0/0"]), list("43", "CIDR", "Allow", ["10.0.0.0/8"])],
    [],
  ],
  [
    listsConflict,
    `${O}test_bn504_single_rule_no_fire`,
    [list("42", "CIDR", "Block", ["10.0.0.0/8", "10.1.0.0/16"])],
    [],
  ],
  [
    listsConflict,
    `${O}test_bn504_exact_duplicate_cidr`,
    [list("42", "CIDR", "Block", ["10.0.0.0/24"]), list("43", "CIDR", "Allow", ["10.0.0.0/24"])],
    ["43"],
  ],
  [
    listsConflict,
    `${O}test_bn504_ipv6_overlap`,
    [
      list("42", "CIDR", "Block", ["2001:db8::/32"]),
      list("43", "CIDR", "Allow", ["2001:db8:1::/48"]),
    ],
    ["43"],
  ],
  [
    listsConflict,
    `${O}test_bn504_ipv4_ipv6_no_overlap`,
    [list("42", "CIDR", "Block", ["10.0.0.0/8"]), list("43", "CIDR", "Allow", ["2001:db8::/32"])],
    [],
  ],
  [
    listsConflict,
    `${O}test_bn504_multiple_overlaps_same_pair`,
    [
      list("42", "CIDR", "Block", ["10.0.0.0/8", "10.2.0.0/16"]),
      list("43", "CIDR", "Allow", ["10.1.0.0/16", "10.3.0.0/24"]),
    ],
    ["43", "43"],
  ],
  [
    listsConflict,
    "(negative) a list switched off",
    [
      list("1", "IP", "Block", ["1.2.3.4"]),
      list("2", "IP", "Allow", ["1.2.3.4"], { isEnabled: false }),
    ],
    [],
  ],
  [
    unreachableRule,
    `${U}test_bn503_unreachable_after_catch_all_block`,
    [catchAll("catch-all"), normal("after")],
    ["after"],
  ],
  [
    unreachableRule,
    `${U}test_bn503_no_flag_for_log_action`,
    [catchAll("logger", "Log"), normal("after")],
    [],
  ],
  [
    unreachableRule,
    `${U}test_bn503_no_flag_for_normal_rule`,
    [normal("first"), normal("second")],
    [],
  ],
  [
    unreachableRule,
    `${U}test_bn503_multiple_unreachable`,
    [catchAll("catch-all"), normal("after1"), normal("after2")],
    ["after1", "after2"],
  ],
  [
    unreachableRule,
    `${U}test_bn503_multi_condition_not_catch_all`,
    [
      rule("multi", {
        conditions: [c("REQUEST_URI", "CONTAINS", ""), c("REQUEST_URI", "CONTAINS", "/admin")],
      }),
      normal("after"),
    ],
    [],
  ],
  [
    unreachableRule,
    `${U}test_bn503_skips_access_list_phase`,
    [list("r1", "IP", "Block", ["1.2.3.4"])],
    [],
  ],
  [
    nameReused,
    `${N}test_same_ref_in_custom_and_rate_limit`,
    [rule("API protection", { action: "Log" }), rateLimit("API protection")],
    ["API protection"],
  ],
  [
    nameReused,
    `${N}test_unique_refs_across_phases_ok`,
    [rule("block sqli"), rateLimit("api throttle")],
    [],
  ],
  [
    nameDuplicate,
    `${N}test_within_phase_dup_still_bn002`,
    [
      rule("same", { conditions: [c("REQUEST_URI", "CONTAINS", "/a")] }),
      { ...rule("same", { conditions: [c("REQUEST_URI", "CONTAINS", "/b")] }), name: "same-2" },
    ],
    ["same-2"],
  ],
  [
    nameDuplicate,
    "tests/test_validate.py::TestDuplicateRef::test_unique_ok",
    [rule("a"), rule("b")],
    [],
  ],
  [
    networksOverlap,
    "cross-rule.md BN504 (one effect, two lists)",
    [
      list("blocked-1", "CIDR", "Block", ["192.0.2.0/24"]),
      list("blocked-2", "CIDR", "Block", ["192.0.2.0/25"]),
    ],
    ["blocked-2"],
  ],
  [
    networksOverlap,
    `${O}test_bn504_single_rule_no_fire (within one list: shield-list-overlap)`,
    [list("42", "CIDR", "Block", ["10.0.0.0/8", "10.1.0.0/16"])],
    [],
  ],
  [
    networksOverlap,
    "(beyond) a rule on an address a list lets through",
    [
      list("office", "CIDR", "Allow", ["203.0.113.0/24"]),
      rule("Block office host", { conditions: [c("REMOTE_ADDR", "STREQ", "203.0.113.7")] }),
    ],
    ["Block office host"],
  ],
  [
    networksOverlap,
    "(beyond) the example: a negated address inside the allowed office",
    [
      list("office", "CIDR", "Allow", ["203.0.113.0/24"]),
      rule("Block admin", {
        conditions: [
          c("REQUEST_URI", "BEGINSWITH", "/admin"),
          c("REMOTE_ADDR", "STREQ", "203.0.113.7", true),
        ],
      }),
    ],
    [],
  ],
];

/** The names `finding` reports for `stack`, in order. */
async function reported(finding: StackFinding, stack: StackEntry[], config = {}) {
  const messages = await stackViolations(stackFindingPolicy(finding), stack, config);
  return messages.map((m) => /^\w+ "([^"]+)": /.exec(m)?.[1] ?? m);
}

describe("findings across a zone (octorules-bunny's cases)", () => {
  for (const [finding, source, stack, names] of CASES) {
    it(`${finding.name} ${names.length ? "flags" : "passes"}: ${source}`, async () => {
      assert.deepEqual(await reported(finding, stack), names);
    });
  }

  it("names the count, the plan and its limit", async () => {
    const [message] = await stackViolations(stackFindingPolicy(planLimits), [
      zone({ planType: "Advanced" }),
      ...many(11, (i) => normal(`Rule ${i}`)),
    ]);
    assert.match(
      message!,
      /declares 11 WafCustomRules in this zone, and its plan "Advanced" allows 10.*Remove 1/,
    );
  });

  it("takes the limits the zone read from the service over the table's", async () => {
    const stack = [
      zone({ planType: "Advanced", customWafRulesLimit: 2 }),
      ...many(3, (i) => normal(`Rule ${i}`)),
    ];
    assert.deepEqual(await reported(planLimits, stack), ["zone"]);
  });

  it("counts entries over all custom lists", async () => {
    const entries = (from: number) =>
      Array.from({ length: 600 }, (_, i) => `198.51.${(from + i) >> 8}.${(from + i) & 255}`);
    const messages = await stackViolations(stackFindingPolicy(planLimits), [
      zone({ planType: "Advanced" }),
      list("one", "IP", "Block", entries(0)),
      list("two", "IP", "Block", entries(600)),
    ]);
    assert.equal(messages.length, 0, "1200 entries: Advanced allows 5000");
    const [message, ...rest] = await stackViolations(stackFindingPolicy(planLimits), [
      zone({ planType: "Basic" }),
      list("one", "IP", "Block", [...entries(0), ...entries(600)]),
    ]);
    assert.equal(rest.length, 0);
    assert.match(message!, /1200 access list entries.*allows 1000/);
  });

  it("runs rules in the zone's wafCustomRuleOrder where declared", async () => {
    const stack = [
      zone({ wafCustomRuleOrder: [2, 1] }),
      { ...catchAll("catch-all"), props: { ...catchAll("catch-all").props, ruleId: 1 } },
      { ...normal("first"), props: { ...normal("first").props, ruleId: 2 } },
    ];
    assert.deepEqual(await reported(unreachableRule, stack), []);
    stack[0] = zone({ wafCustomRuleOrder: [1, 2] });
    assert.deepEqual(await reported(unreachableRule, stack), ["first"]);
  });

  it("knows the place of rules the service has, and not the order of new ones", async () => {
    const withId = (entry: StackEntry, ruleId: number): StackEntry => ({
      ...entry,
      props: { ...entry.props, ruleId },
    });
    const messages = (stack: StackEntry[]) =>
      stackViolations(stackFindingPolicy(unreachableRule), stack);
    // A catch-all the zone has: a new rule runs after it.
    const [afterExisting] = await messages([normal("new"), withId(catchAll("catch-all"), 7)]);
    assert.match(
      afterExisting!,
      /^WafCustomRule "new": is new, and a new rule runs after the zone's others, among them WafCustomRule "catch-all"/,
    );
    // Without the zone's order, its rules run by id.
    assert.deepEqual(
      await reported(unreachableRule, [
        withId(normal("older"), 3),
        withId(catchAll("catch-all"), 7),
        withId(normal("later"), 9),
      ]),
      ["later"],
    );
    // Both new: whichever is created first runs first.
    const [both] = await messages([normal("new"), catchAll("catch-all")]);
    assert.match(
      both!,
      /"new": is created in the same update as WafCustomRule "catch-all".*if it is created after it, it is never reached/,
    );
    // An order with ids a preview does not know yet.
    const [unseen] = await messages([
      zone({ wafCustomRuleOrder: [7, UNKNOWN] }),
      withId(catchAll("catch-all"), 7),
      normal("new"),
    ]);
    assert.match(unseen!, /"new": may run after WafCustomRule "catch-all"/);
  });

  it("groups a preview's resources by the zone they depend on when its id is not known yet", async () => {
    const unknownZone = (entry: StackEntry): StackEntry => ({
      ...entry,
      props: { ...entry.props, shieldZoneId: UNKNOWN },
      zoneFrom: "zone",
    });
    const stack = [
      { ...zone({ planType: "Basic" }), props: { shieldZoneId: UNKNOWN, planType: "Basic" } },
      ...many(2, (i) => unknownZone(list(`list-${i}`, "IP", "Block", [`1.2.3.${i}`]))),
    ];
    assert.deepEqual(await reported(planLimits, stack), ["zone"]);
    // Without the link, nothing is known of their zone: not judged.
    assert.deepEqual(
      await reported(
        planLimits,
        stack.map((r) => ({ ...r, zoneFrom: undefined })),
      ),
      [],
    );
  });

  it("compares no value a preview does not know yet (two names from other outputs)", async () => {
    const unnamed = (n: string) => ({ ...rule(n), props: { ...rule(n).props, name: UNKNOWN } });
    assert.deepEqual(await reported(nameDuplicate, [unnamed("a"), unnamed("b")]), []);
  });

  it("reports the same resource whatever order the engine gives the stack in", async () => {
    const a = rule("Rule A");
    const b = rule("Rule B", { action: "Log" });
    assert.deepEqual(await reported(duplicateConditionsAcross, [b, a]), ["Rule B"]);
    assert.deepEqual(await reported(duplicateConditionsAcross, [a, b]), ["Rule B"]);
  });

  it("keeps zones apart", async () => {
    const other = (entry: StackEntry): StackEntry => ({
      ...entry,
      props: { ...entry.props, shieldZoneId: 7 },
    });
    assert.deepEqual(
      await reported(listsConflict, [
        list("1", "IP", "Block", ["1.2.3.4"]),
        other(list("2", "IP", "Allow", ["1.2.3.4"])),
      ]),
      [],
    );
    assert.deepEqual(
      await reported(nameDuplicate, [rule("same"), { ...other(rule("same")), name: "same-2" }]),
      [],
    );
  });
});
