import { strict as assert } from "node:assert";
import type { ResourceValidationPolicy } from "@pulumi/policy";
import { SHIELD_POLICY_NAMES, shieldPolicies } from "../../src/policy";
import { resourceViolations, stackViolations } from "./harness";

describe("shieldPolicies", () => {
  it("returns every policy once, under its stable name, advisory but three", () => {
    const policies = shieldPolicies();
    assert.deepEqual(
      policies.map((p) => p.name),
      [...SHIELD_POLICY_NAMES],
    );
    assert.equal(new Set(SHIELD_POLICY_NAMES).size, SHIELD_POLICY_NAMES.length);
    const mandatory = ["shield-no-allow-all", "shield-name-duplicate", "shield-mass-change"];
    for (const p of policies) {
      assert.equal(
        p.enforcementLevel,
        mandatory.includes(p.name) ? "mandatory" : "advisory",
        p.name,
      );
      assert.ok(p.description && p.remediationSteps && p.severity, p.name);
      // One switch each: every policy takes waivers in its configuration.
      assert.ok(p.name === "shield-waived" || p.configSchema?.properties?.waivers, p.name);
    }
  });

  it("keeps the nine names of 0.2.0 first, in their order", () => {
    assert.deepEqual(SHIELD_POLICY_NAMES.slice(0, 9), [
      "shield-waf-blocking",
      "shield-no-allow-all",
      "shield-ddos-minimum",
      "shield-bot-detection-on",
      "shield-upload-scanning",
      "shield-threat-lists",
      "shield-rate-limit-sane",
      "shield-waf-body-limit",
      "shield-no-body-logging",
    ]);
  });

  it("keeps every name: the stable names the pack and its configuration use", () => {
    assert.deepEqual(SHIELD_POLICY_NAMES, [
      "shield-waf-blocking",
      "shield-no-allow-all",
      "shield-ddos-minimum",
      "shield-bot-detection-on",
      "shield-upload-scanning",
      "shield-threat-lists",
      "shield-rate-limit-sane",
      "shield-waf-body-limit",
      "shield-no-body-logging",
      "shield-rule-catch-all",
      "shield-rule-permissive-regex",
      "shield-rule-regex-leading-wildcard",
      "shield-rule-regex-anchored-literal",
      "shield-rule-numeric-operator",
      "shield-rule-selector-unsupported",
      "shield-rule-selector-missing",
      "shield-rule-percent-encoded",
      "shield-rule-contains-word-space",
      "shield-rule-detect-value",
      "shield-rule-method-case",
      "shield-rule-path-slash",
      "shield-rule-redundant-lowercase",
      "shield-rule-duplicate-transformation",
      "shield-rule-duplicate-condition",
      "shield-rule-too-many-conditions",
      "shield-rule-short-name",
      "shield-rule-no-description",
      "shield-rate-limit-short-block",
      "shield-list-reserved-range",
      "shield-list-host-bits",
      "shield-list-overlap",
      "shield-list-duplicate-entry",
      "shield-list-catch-all",
      "shield-list-disabled",
      "shield-api-guardian-enforcing",
      "shield-custom-page-foreign-assets",
      "shield-bots-search-engines",
      "shield-name-duplicate",
      "shield-name-reused",
      "shield-rules-duplicate-conditions",
      "shield-rule-unreachable",
      "shield-lists-conflict",
      "shield-networks-overlap",
      "shield-plan-limits",
      "shield-mass-change",
      "shield-waived",
    ]);
  });

  it("refuses an enforcement level or waivers for a name that is no policy's", () => {
    assert.throws(
      () => shieldPolicies({ enforcementLevels: { "shield-waf-blockng": "mandatory" } }),
      /enforcementLevels names no policy of this package: shield-waf-blockng/,
    );
    assert.throws(
      () => shieldPolicies({ waivers: { "shield-nope": { r: "why" } } }),
      /waivers names no policy of this package: shield-nope/,
    );
  });

  it("sets enforcement levels and configuration defaults from its options", async () => {
    const policies = shieldPolicies({
      enforcementLevels: { "shield-waf-blocking": "mandatory", "shield-no-allow-all": "advisory" },
      ddosMinimum: "High",
      threatCategories: ["VPNs"],
      maxRequestsPerSecond: 1,
    });
    const byName = new Map(policies.map((p) => [p.name, p]));
    assert.equal(byName.get("shield-waf-blocking")!.enforcementLevel, "mandatory");
    assert.equal(byName.get("shield-no-allow-all")!.enforcementLevel, "advisory");
    const ddos = byName.get("shield-ddos-minimum") as ResourceValidationPolicy;
    assert.equal(
      (await resourceViolations(ddos, "ShieldZone", { ddosShieldSensitivity: "Medium" })).length,
      1,
    );
    const rate = byName.get("shield-rate-limit-sane")!;
    assert.equal(
      (await resourceViolations(rate, "RateLimit", { requestCount: 2, timeframe: "PerSecond" }))
        .length,
      1,
    );
    const threats = byName.get("shield-threat-lists")!;
    assert.equal(
      (
        await stackViolations(threats, [
          {
            kind: "AccessListConfiguration",
            name: "v",
            props: { category: "VPNs", isEnabled: false },
          },
        ])
      ).length,
      1,
    );
    // The policies exported alone keep their defaults.
    assert.equal(
      shieldPolicies().find((p) => p.name === "shield-waf-blocking")!.enforcementLevel,
      "advisory",
    );
  });
});
