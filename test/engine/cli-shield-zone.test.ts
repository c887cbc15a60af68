/**
 * ShieldZone's settings of the rest of the API under the real CLI, from the packed package as a
 * user installs it: a missing zone created under attack with its learning mode's end, and the
 * custom rules' order of another zone, which a rule added behind Pulumi's back does not churn.
 */
import { strict as assert } from "node:assert";
import type * as automation from "@pulumi/pulumi/automation";
import type { Emulator } from "../../src/emulator";
import { openCliStack } from "../support/cli-stack";

const ATTACKED = 990_001; // a pull zone without a shield zone
const ORDERED_ZONE = 1002;

describe("ShieldZone under the real CLI: under attack, learning mode's end, rule order", function () {
  this.timeout(600_000);
  let stack: automation.Stack;
  let emu: Emulator;
  let close: (() => Promise<void>) | undefined;

  before(async function () {
    const cli = await openCliStack(this, "zone-settings", (shield) => async () => {
      const attacked = new shield.ShieldZone("attacked", {
        pullZoneId: ATTACKED,
        underAttack: true,
        planType: "Advanced",
        learningModeUntil: "2026-12-01T01:00:00+01:00",
      });
      const rule = (name: string, value: string) =>
        new shield.WafCustomRule(name, {
          shieldZoneId: ORDERED_ZONE,
          name,
          action: "Block",
          conditions: [{ variable: "REQUEST_URI", operator: "BEGINSWITH", value }],
        });
      const [admin, login] = [rule("admin", "/admin"), rule("login", "/login")];
      const ordered = new shield.ShieldZone("ordered", {
        pullZoneId: 501_002,
        wafCustomRuleOrder: [login.ruleId, admin.ruleId],
      });
      return {
        attackedZone: attacked.shieldZoneId,
        learningModeUntil: attacked.learningModeUntil,
        order: ordered.wafCustomRuleOrder,
        ids: [login.ruleId, admin.ruleId],
      };
    });
    ({ stack, emu } = cli);
    close = cli.close;
  });
  after(async () => {
    await close?.();
  });

  it("up creates the zone under attack and orders the rules", async () => {
    const up = await stack.up();
    const zone = emu.state.zoneByPullZone(ATTACKED)!;
    assert.ok(emu.requests.some((r) => r.route === "createUnderAttackShieldZone"));
    assert.equal(zone.settings.dDoSShieldSensitivity, 4, "Challenge");
    assert.equal(zone.settings.learningModeUntil, "2026-12-01T00:00:00.000Z");
    assert.equal(up.outputs.learningModeUntil!.value, "2026-12-01T00:00:00.000Z");
    const ids = up.outputs.ids!.value as number[];
    assert.deepEqual(up.outputs.order!.value, ids);
    assert.deepEqual(emu.state.zone(ORDERED_ZONE)!.settings.wafCustomRuleOrder!.slice(0, 2), ids);
  });

  it("a rule added behind Pulumi's back, after a refresh, previews as no change", async () => {
    const settings = emu.state.zone(ORDERED_ZONE)!.settings;
    settings.wafCustomRuleOrder = [424_242, ...settings.wafCustomRuleOrder!];
    await stack.refresh();
    const preview = await stack.preview({ diff: true });
    assert.equal(preview.changeSummary.update ?? 0, 0, preview.stdout);
    assert.equal(preview.changeSummary.same, 5, preview.stdout); // the stack and its four resources
  });
});
