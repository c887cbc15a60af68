/** Plan limits: each feature's own, and a plan the emulator does not know gets the largest. */
import { strict as assert } from "node:assert";
import { ShieldPlan } from "../../src/emulator";
import { byPlan, onPlan } from "../../src/emulator/plans";
import { call, useEmulator } from "./helpers";

describe("emulator: plan limits", () => {
  const emulator = useEmulator();

  it("byPlan reads a feature's table for the zone's plan, the largest for an unknown plan", () => {
    const limits = byPlan({ Basic: 1, Advanced: 2, Business: 3, Enterprise: 4 });
    assert.deepEqual([0, 1, 2, 3, 9].map(limits), [1, 2, 3, 4, 4]);
  });

  it("onPlan: a feature from its lowest plan up, and on a plan the emulator does not know", () => {
    assert.equal(onPlan(ShieldPlan.Basic, ShieldPlan.Advanced), false);
    assert.equal(onPlan(ShieldPlan.Business, ShieldPlan.Advanced), true);
    assert.equal(onPlan(9, ShieldPlan.Advanced), true);
  });

  it("a zone on an unknown plan reports the largest rule limits and may write custom pages", async () => {
    const zone = emulator().state.addZone({ planType: 9 });
    const answer = await call(emulator(), `/shield/shield-zone/${zone.shieldZoneId}`);
    const { data } = answer.json as { data: Record<string, unknown> };
    assert.deepEqual([data.customWafRulesLimit, data.rateLimitRulesLimit], [100, 100]);
    const page = await call(
      emulator(),
      `/shield/shield-zone/${zone.shieldZoneId}/custom-page/block`,
      {
        method: "PUT",
        body: "<p>blocked</p>",
      },
    );
    assert.equal(page.status, 200, page.text);
  });
});
