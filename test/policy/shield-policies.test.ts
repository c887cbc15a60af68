import { strict as assert } from "node:assert";
import type { ResourceValidationPolicy } from "@pulumi/policy";
import { SHIELD_POLICY_NAMES, shieldPolicies } from "../../src/policy";
import { resourceViolations, stackViolations } from "./harness";

describe("shieldPolicies", () => {
  it("returns every policy once, under its stable name, advisory but shield-no-allow-all", () => {
    const policies = shieldPolicies();
    assert.deepEqual(
      policies.map((p) => p.name),
      [...SHIELD_POLICY_NAMES],
    );
    for (const p of policies) {
      assert.equal(
        p.enforcementLevel,
        p.name === "shield-no-allow-all" ? "mandatory" : "advisory",
        p.name,
      );
      assert.ok(p.description && p.remediationSteps, p.name);
    }
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
