/**
 * The data functions of the rest of the API, from the packed package as a user installs it,
 * in a fresh Node process, against the emulator: each answers in its documented shape.
 */
import { strict as assert } from "node:assert";
import { startEmulator, type Emulator } from "../../src/emulator";
import { installPackedPackage, runInProgram } from "../support/packed-package";

describe("the rest of the API's functions from an installed copy", function () {
  this.timeout(300_000);
  let emu: Emulator;
  before(async () => {
    emu = await startEmulator();
  });
  after(async () => {
    await emu.close();
  });

  it("runs each of them", async () => {
    const installed = await installPackedPackage();
    const stdout = await runInProgram(
      installed,
      `
      const shield = require(${JSON.stringify(installed.packageName)});
      const options = { apiKey: ${JSON.stringify(emu.apiKey)}, apiUrl: ${JSON.stringify(emu.url)} };
      const zone = { shieldZoneId: 1001 };
      (async () => {
        const now = Date.now();
        const results = {
          profiles: await shield.getWafProfiles({}, options),
          engine: await shield.getWafEngineConfig({}, options),
          defaults: await shield.getShieldZoneDefaults({}, options),
          triggered: await shield.getTriggeredWafRules({ ...zone, withRecommendations: true }, options),
          overages: await shield.getShieldOverages(zone, options),
          metrics: await shield.getShieldMetrics({ ...zone, of: "wafRule", id: "942100" }, options),
          exported: await shield.exportEventLogs({ ...zone, from: now - 3_600_000, to: now }, options),
        };
        process.stdout.write(JSON.stringify(results));
      })().catch((error) => { console.error(error); process.exit(1); });
      `,
    );
    const r = JSON.parse(stdout);
    assert.equal(r.profiles.byName.Standard.id, 1);
    assert.equal(typeof r.engine.byName.detection_paranoia_level, "string");
    assert.equal(r.defaults.shieldZone.wafExecutionMode, "Block");
    assert.ok(
      r.triggered.rules.length > 0 &&
        r.triggered.rules.every((x: { recommendation: string }) => x.recommendation),
    );
    assert.equal(r.overages.shieldZoneId, 1001);
    assert.equal(Object.keys(r.metrics.days).length, 28);
    assert.deepEqual(r.exported.columns.slice(0, 3), ["timestamp", "logId", "feature"]);
  });
});
