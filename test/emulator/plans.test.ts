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

  // The live service's limits (octorules-bunny's README and linter); Enterprise's lists and
  // rate limits are "Unlimited" there, and the emulator's own figures here.
  const LIVE = [
    { plan: 0, lists: 1, entries: 1_000, wafCustomRules: 0, rateLimits: 2 },
    { plan: 1, lists: 5, entries: 5_000, wafCustomRules: 10, rateLimits: 10 },
    { plan: 2, lists: 10, entries: 7_500, wafCustomRules: 25, rateLimits: 25 },
    { plan: 3, lists: 100, entries: 250_000, wafCustomRules: 50, rateLimits: 100 },
  ];

  for (const { plan, lists, entries, wafCustomRules, rateLimits } of LIVE) {
    it(`plan ${plan}: reports and enforces ${lists} custom lists, ${entries} entries, ${wafCustomRules} custom WAF rules`, async () => {
      const zoneId = emulator().state.addZone({ planType: plan as 0 }).shieldZoneId;
      const listsPath = `/shield/shield-zone/${zoneId}/access-lists`;
      const listing = (await call(emulator(), listsPath)).json as Record<string, unknown>;
      assert.deepEqual([listing.customListLimit, listing.customEntryLimit], [lists, entries]);
      const zone = (await call(emulator(), `/shield/shield-zone/${zoneId}`)).json as {
        data: Record<string, unknown>;
      };
      assert.deepEqual(
        [zone.data.customWafRulesLimit, zone.data.rateLimitRulesLimit],
        [wafCustomRules, rateLimits],
      );

      const create = (n: number) =>
        call(emulator(), listsPath, {
          method: "POST",
          body: { name: `list ${n}`, type: 3, content: "DE" },
        });
      // Lists up to the limit are taken, the next one refused.
      for (let n = emulator().state.zone(zoneId)!.customLists.length; n < lists; n++) {
        const answer = await create(n + 1);
        assert.equal(answer.status, 200, answer.text);
      }
      const refused = await create(lists + 1);
      assert.equal(refused.status, 400);
      assert.match(refused.text, /limit_reached\.access_list"/);
      assert.equal(emulator().state.zone(zoneId)!.customLists.length, lists);
      // The entries left go into one list; one more entry is refused.
      const last = emulator().state.zone(zoneId)!.customLists.at(-1)!;
      const others = emulator()
        .state.zone(zoneId)!
        .customLists.reduce((sum, list) => sum + list.entryCount, -last.entryCount);
      const fill = (count: number) =>
        call(emulator(), `${listsPath}/${last.listId}`, {
          method: "PATCH",
          body: { content: Array.from({ length: count }, () => "DE").join("\n") },
        });
      assert.match((await fill(entries - others + 1)).text, /limit_reached\.access_list_entries/);
      const full = await fill(entries - others);
      assert.equal(full.status, 200, full.text);

      const rule = (n: number) =>
        call(emulator(), "/shield/waf/custom-rule", {
          method: "POST",
          body: {
            shieldZoneId: zoneId,
            ruleName: `rule ${n}`,
            ruleDescription: "",
            ruleConfiguration: {
              variableTypes: { REQUEST_URI: "" },
              operatorType: 0,
              value: "/admin",
              actionType: 1,
            },
          },
        });
      for (let n = 0; n < wafCustomRules; n++) {
        const answer = await rule(n);
        assert.equal(answer.status, 200, answer.text);
      }
      assert.match((await rule(wafCustomRules)).text, /limit_reached\.waf_custom_rule/);
    });
  }

  it("a zone on an unknown plan reports the largest rule limits and may write custom pages", async () => {
    const zone = emulator().state.addZone({ planType: 9 });
    const answer = await call(emulator(), `/shield/shield-zone/${zone.shieldZoneId}`);
    const { data } = answer.json as { data: Record<string, unknown> };
    assert.deepEqual([data.customWafRulesLimit, data.rateLimitRulesLimit], [50, 100]);
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
