/** Waivers: a finding waived for a named resource is not reported, and shield-waived says why. */
import { strict as assert } from "node:assert";
import { shieldPolicies, waivedReport } from "../../src/policy";
import { resourceViolations, stackViolations } from "./harness";

const policy = (name: string) => shieldPolicies().find((p) => p.name === name)!;
const catchAll = {
  shieldZoneId: 1001,
  name: "Maintenance",
  action: "Block",
  description: "Closed for maintenance",
  conditions: [
    {
      variable: "REQUEST_URI",
      operator: "BEGINSWITH",
      value: "/",
      variableValue: "",
      negated: false,
    },
  ],
};
const report = () => stackViolations(waivedReport, []);

describe("waivers", () => {
  beforeEach(report); // nothing left over from another test

  it("a finding waived for a resource is not reported; shield-waived prints the reason", async () => {
    const waivers = { maintenance: "Closed until the migration ends (TICKET-12)" };
    const finding = policy("shield-rule-catch-all");
    assert.deepEqual(
      await resourceViolations(finding, "WafCustomRule", catchAll, { waivers }, "maintenance"),
      [],
    );
    assert.deepEqual(await report(), [
      'WafCustomRule "maintenance": shield-rule-catch-all is waived: Closed until the migration ends (TICKET-12)',
    ]);
    assert.deepEqual(await report(), [], "each waiver is reported once per run");
  });

  it("waives only the resource named, and only a resource that breaks the finding", async () => {
    const waivers = { other: "not this one" };
    const finding = policy("shield-rule-catch-all");
    assert.equal(
      (await resourceViolations(finding, "WafCustomRule", catchAll, { waivers }, "maintenance"))
        .length,
      1,
    );
    await resourceViolations(
      finding,
      "WafCustomRule",
      { ...catchAll, conditions: [] },
      { waivers },
      "other",
    );
    assert.deepEqual(await report(), []);
  });

  it("the nine policies of 0.2.0 and the stack findings take waivers too", async () => {
    const zone = { wafEnabled: false };
    const waf = policy("shield-waf-blocking");
    assert.deepEqual(
      await resourceViolations(waf, "ShieldZone", zone, { waivers: { zone: "staging" } }, "zone"),
      [],
    );
    const tor = { category: "TorExitNodes", isEnabled: false };
    const threats = policy("shield-threat-lists");
    assert.deepEqual(
      await stackViolations(
        threats,
        [{ kind: "AccessListConfiguration", name: "tor", props: tor }],
        { waivers: { tor: "tested on staging" } },
      ),
      [],
    );
    const rules = [
      { kind: "WafCustomRule" as const, name: "a", props: catchAll },
      { kind: "WafCustomRule" as const, name: "b", props: { ...catchAll, name: "B" } },
    ];
    const duplicates = policy("shield-rules-duplicate-conditions");
    assert.equal((await stackViolations(duplicates, rules)).length, 1);
    assert.deepEqual(
      await stackViolations(duplicates, rules, { waivers: { b: "a copy on purpose" } }),
      [],
    );
    assert.deepEqual((await report()).sort(), [
      'AccessListConfiguration "tor": shield-threat-lists is waived: tested on staging',
      'ShieldZone "zone": shield-waf-blocking is waived: staging',
      'WafCustomRule "b": shield-rules-duplicate-conditions is waived: a copy on purpose',
    ]);
  });

  it("shieldPolicies takes waivers as defaults, and shield-waived is last", async () => {
    const policies = shieldPolicies({
      waivers: { "shield-rule-catch-all": { maintenance: "until Friday" } },
    });
    assert.equal(policies[policies.length - 1]!.name, "shield-waived");
    const finding = policies.find((p) => p.name === "shield-rule-catch-all")!;
    assert.deepEqual(
      await resourceViolations(finding, "WafCustomRule", catchAll, {}, "maintenance"),
      [],
    );
    assert.equal((await report()).length, 1);
  });
});
