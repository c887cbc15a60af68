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
