/**
 * What ShieldZone has beyond the adopted-conformance suite: the learning mode's end compared as
 * an instant, the custom rules' order without churn, and a missing zone created under attack.
 */
import { strict as assert } from "node:assert";
import type { Emulator } from "../../src/emulator";
import type { ShieldProvider } from "../../src/resources";
import { MiniEngine } from "../support/engine";
import { useKindProvider } from "../support/kind-provider";

const ZONE = 1001;

describe("ShieldZone: learning mode's end, custom rule order, under attack", function () {
  this.timeout(30_000);
  let emu: Emulator;
  let provider: ShieldProvider;
  let engine: MiniEngine;
  const fixture = useKindProvider("ShieldZone");
  beforeEach(() => {
    ({ emu, provider } = fixture());
    engine = new MiniEngine(provider);
  });
  const zone = () => emu.state.zone(ZONE)!;
  const pullZoneId = () => zone().pullZoneId;
  const patches = () => emu.requests.filter((r) => r.route === "updateShieldZone");

  /** Puts custom WAF rules with these ids in the zone, in this live order. */
  function rules(...ids: number[]) {
    for (const id of ids) {
      emu.state.rules.wafCustomRules.set(id, {
        id,
        shieldZoneId: ZONE,
        userId: null,
        ruleName: `r${id}`,
        ruleDescription: null,
        ruleConfiguration: {},
      });
    }
    zone().settings.wafCustomRuleOrder = [...ids];
  }

  it("sets learningModeUntil, and sees no change for another spelling of the same instant", async () => {
    const until = "2026-12-01T01:00:00+01:00";
    assert.equal(
      (await engine.up({ pullZoneId: pullZoneId(), learningModeUntil: until })).action,
      "create",
    );
    assert.equal(zone().settings.learningModeUntil, "2026-12-01T00:00:00.000Z");
    assert.equal(engine.held!.outs.learningModeUntil, "2026-12-01T00:00:00.000Z");
    emu.resetRequests();
    const same = await engine.up({
      pullZoneId: pullZoneId(),
      learningModeUntil: "2026-12-01T00:00:00Z",
    });
    assert.equal(same.action, "same");
    const { failures } = await provider.check(
      {},
      { pullZoneId: 1, learningModeUntil: "next week" },
    );
    assert.equal(failures?.[0]?.property, "learningModeUntil");
    assert.match(failures![0]!.reason, /ISO 8601/);
  });

  it("orders the declared rules first, keeps the others after them, and does not churn", async () => {
    rules(11, 12, 13, 14);
    await engine.up({ pullZoneId: pullZoneId(), wafCustomRuleOrder: [13, 11] });
    assert.deepEqual(zone().settings.wafCustomRuleOrder, [13, 11, 12, 14]);
    assert.deepEqual(engine.held!.outs.wafCustomRuleOrder, [13, 11]);

    // Another rule appears, and the others move among themselves: nothing to do.
    zone().settings.wafCustomRuleOrder = [14, 13, 15, 12, 11];
    emu.resetRequests();
    await engine.refresh();
    assert.equal(
      (await engine.up({ pullZoneId: pullZoneId(), wafCustomRuleOrder: [13, 11] })).action,
      "same",
    );
    assert.equal(patches().length, 0);

    // The declared rules' own order changed behind Pulumi's back: put it back, rest kept.
    zone().settings.wafCustomRuleOrder = [11, 14, 13];
    await engine.refresh();
    assert.equal(
      (await engine.up({ pullZoneId: pullZoneId(), wafCustomRuleOrder: [13, 11] })).action,
      "update",
    );
    assert.deepEqual(zone().settings.wafCustomRuleOrder, [13, 11, 14]);
  });

  it("creates a missing zone under attack, then applies the declared settings over it", async () => {
    const created = await engine.up({
      pullZoneId: 777_777,
      underAttack: true,
      planType: "Advanced",
      ddosShieldSensitivity: "High",
    });
    assert.equal(created.action, "create");
    assert.deepEqual(
      emu.requests.filter((r) => r.method === "POST").map((r) => r.route),
      ["createUnderAttackShieldZone"],
    );
    const made = emu.state.zoneByPullZone(777_777)!;
    assert.equal(made.planType, 1, "the plan declared");
    assert.equal(
      made.settings.dDoSShieldSensitivity,
      3,
      "the declared High over the attack's Challenge",
    );
    assert.equal(made.botDetection.executionMode, 1, "bot detection challenges");
    emu.resetRequests();
    assert.equal(
      (
        await engine.up({
          pullZoneId: 777_777,
          underAttack: true,
          planType: "Advanced",
          ddosShieldSensitivity: "High",
        })
      ).action,
      "same",
    );
  });

  it("adopts an existing zone as it is, whatever underAttack says", async () => {
    const before = structuredClone(zone().settings);
    await engine.up({ pullZoneId: pullZoneId(), underAttack: true });
    assert.deepEqual(zone().settings, before);
    assert.ok(!emu.requests.some((r) => r.route === "createUnderAttackShieldZone"));
  });

  it("reads a zone by its id alone (an import), naming its pull zone; an id that is no number is refused", async () => {
    const read = await provider.read!(String(ZONE), {});
    assert.equal(read.id, String(ZONE));
    assert.equal(read.props?.shieldZoneId, ZONE);
    assert.equal(read.props?.pullZoneId, pullZoneId());
    assert.ok(emu.requests.some((r) => r.route === "getShieldZone"));
    await assert.rejects(
      provider.read!("zone-a", {}),
      /ShieldZone: the id "zone-a" is not a shield zone id/,
    );
  });
});
