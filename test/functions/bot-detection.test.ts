import { strict as assert } from "node:assert";
import {
  BotDetectionExecutionMode,
  BotDetectionSensitivity,
  BrowserFingerprintAggression,
  enumName,
} from "../../src/client/enums";
import { NotFoundError, PlanRestrictionError, ShieldApiError } from "../../src/client/errors";
import { getBotDetection, type GetBotDetectionResult } from "../../src/functions";
import type { ZoneRecord } from "../../src/emulator";
import { rejection, requestsTo, useEmulator } from "./helpers";

/** What the function should answer for a zone, from the emulator's state. */
function expected(zone: ZoneRecord): GetBotDetectionResult {
  const b = zone.botDetection;
  const signal = (sensitivity: number) => ({
    sensitivity,
    sensitivityName: enumName(BotDetectionSensitivity, sensitivity),
  });
  return {
    shieldZoneId: zone.shieldZoneId,
    availableOnPlan: true,
    executionMode: b.executionMode,
    executionModeName: enumName(BotDetectionExecutionMode, b.executionMode),
    requestIntegrity: signal(b.requestIntegrity.sensitivity),
    ipAddress: signal(b.ipAddress.sensitivity),
    browserFingerprint: {
      ...signal(b.browserFingerprint.sensitivity),
      aggression: b.browserFingerprint.aggression,
      aggressionName: enumName(BrowserFingerprintAggression, b.browserFingerprint.aggression),
      complexEnabled: b.browserFingerprint.complexEnabled,
    },
  };
}

describe("functions: getBotDetection", () => {
  const ctx = useEmulator();

  for (const zoneId of [1001, 1002]) {
    it(`reads zone ${zoneId} as the emulator holds it, with enum names`, async () => {
      const zone = ctx.emu.state.zone(zoneId)!;
      const result = await getBotDetection({ shieldZoneId: zoneId }, ctx.options);
      assert.deepEqual(result, expected(zone));
      assert.equal(requestsTo(ctx.emu, "getBotDetection"), 1);
      // Plain JSON: a round trip changes nothing.
      assert.deepEqual(JSON.parse(JSON.stringify(result)), result);
    });
  }

  it("reads a Basic zone, whose plan has no bot detection, as its defaults and says so", async () => {
    const result = await getBotDetection({ shieldZoneId: 1003 }, ctx.options);
    assert.deepEqual(result, {
      shieldZoneId: 1003,
      availableOnPlan: false,
      executionMode: 0,
      executionModeName: "LogOnly",
      requestIntegrity: { sensitivity: 0, sensitivityName: "Off" },
      ipAddress: { sensitivity: 0, sensitivityName: "Off" },
      browserFingerprint: {
        sensitivity: 0,
        sensitivityName: "Off",
        aggression: 1,
        aggressionName: "Low",
        complexEnabled: false,
      },
    });
    assert.equal(requestsTo(ctx.emu, "getBotDetection"), 1, "one read, not retried");
  });

  it("still fails on another plan refusal of the read", async () => {
    ctx.emu.faults.add({
      route: "getBotDetection",
      envelopeErrorKey: "not_available.bot_detection",
    });
    await rejection(
      getBotDetection({ shieldZoneId: 1001 }, ctx.options),
      PlanRestrictionError,
      "getBotDetection for shield zone 1001: ",
    );
  });

  it("follows changes made behind its back, and names values it does not know", async () => {
    const zone = ctx.emu.state.zone(1002)!;
    zone.botDetection.executionMode = 1;
    zone.botDetection.browserFingerprint.aggression = 4;
    zone.botDetection.browserFingerprint.complexEnabled = null;
    (zone.botDetection.ipAddress as { sensitivity: number }).sensitivity = 7;
    const result = await getBotDetection({ shieldZoneId: 1002 }, ctx.options);
    assert.equal(result.executionModeName, "Challenge");
    assert.equal(result.browserFingerprint.aggressionName, "Custom");
    assert.equal(result.browserFingerprint.complexEnabled, null);
    assert.deepEqual(result.ipAddress, { sensitivity: 7, sensitivityName: "7" });
  });

  it("gives null for values the service leaves out", async () => {
    ctx.emu.faults.add({
      route: "getBotDetection",
      status: 200,
      body: { data: { requestIntegrity: {}, ipAddress: {}, browserFingerprint: {} } },
    });
    const result = await getBotDetection({ shieldZoneId: 1001 }, ctx.options);
    assert.deepEqual(result, {
      shieldZoneId: 1001,
      availableOnPlan: true,
      executionMode: null,
      executionModeName: null,
      requestIntegrity: { sensitivity: null, sensitivityName: null },
      ipAddress: { sensitivity: null, sensitivityName: null },
      browserFingerprint: {
        sensitivity: null,
        sensitivityName: null,
        aggression: null,
        aggressionName: null,
        complexEnabled: null,
      },
    });
  });

  it("reports an unknown zone as a NotFoundError naming the function and the zone", async () => {
    const error = await rejection(
      getBotDetection({ shieldZoneId: 999 }, ctx.options),
      NotFoundError,
      "getBotDetection for shield zone 999: ",
    );
    assert.ok(error instanceof ShieldApiError);
    assert.equal(error.name, "NotFoundError");
    assert.equal(error.errorKey, "not_found_or_unauthorised_access.shieldzone");
    assert.equal(error.operation, "getBotDetection");
    // The prefix is added once.
    assert.equal(error.message.split("for shield zone 999").length, 2);
    assert.ok(error.stack?.includes("getBotDetection for shield zone 999: "));
  });
});
