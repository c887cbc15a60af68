/** `client.shieldZones`: the recommended defaults, the pull zone mapping, a zone made under attack. */
import { strict as assert } from "node:assert";
import {
  ConflictError,
  DdosShieldSensitivity,
  InvalidArgumentError,
  ShieldPlanType,
  type ShieldClient,
} from "../../src/client";
import { clientFor, rejection, useEmulator } from "./helpers";

describe("client: shield zone defaults, mapping and under-attack creation", () => {
  const emulator = useEmulator();
  let client: ShieldClient;
  before(() => {
    client = clientFor(emulator());
  });

  it("reads the recommended settings, with the managed lists suggested", async () => {
    const defaults = await client.shieldZones.getDefaults();
    assert.equal(defaults.shieldZone.wafEnabled, true);
    assert.equal(defaults.shieldZone.dDoSShieldSensitivity, DdosShieldSensitivity.Medium);
    assert.equal(defaults.botDetectionExecutionMode, 1);
    assert.ok(defaults.accessLists.some((l) => l.name === "Tor exit nodes"));
  });

  it("maps every shield zone to its pull zone in one request", async () => {
    emulator().resetRequests();
    const mapping = await client.shieldZones.listPullZoneMapping();
    assert.equal(emulator().requests.length, 1);
    const zones = emulator().state.zones();
    assert.deepEqual(
      mapping.map((m) => [m.shieldZoneId, m.pullZoneId]),
      zones.map((z) => [z.shieldZoneId, z.pullZoneId]),
    );
  });

  it("creates a zone under attack once, at its most defensive; a second time is a conflict", async () => {
    const zone = await client.shieldZones.createUnderAttack(880001, ShieldPlanType.Advanced);
    assert.equal(zone.pullZoneId, 880001);
    assert.equal(zone.dDoSShieldSensitivity, DdosShieldSensitivity.Challenge);
    assert.equal(zone.wafExecutionMode, 1);
    assert.equal(emulator().state.zone(zone.shieldZoneId)!.planType, ShieldPlanType.Advanced);
    await rejection(
      client.shieldZones.createUnderAttack(880001, ShieldPlanType.Basic),
      ConflictError,
    );
    emulator().resetRequests();
    const bad = await rejection(
      client.shieldZones.createUnderAttack(880002, 9 as never),
      InvalidArgumentError,
    );
    assert.match(bad.message, /planType/);
    assert.equal(emulator().requests.length, 0, "refused before any request");
  });
});
