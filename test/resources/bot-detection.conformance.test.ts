import { strict as assert } from "node:assert";
import { PlanRestrictionError } from "../../src/client/errors";
import type { Emulator } from "../../src/emulator";
import { MiniEngine } from "../support/engine";
import { useKindProvider } from "../support/kind-provider";
import { adoptedConformance } from "./conformance";

/** An Advanced zone: its plan allows bot detection. */
const ZONE = 1001;
/** A Basic zone: its plan does not. */
const BASIC_ZONE = 1003;
/** The API's enums by number, written out so that the tests do not check the package against itself. */
const EXECUTION_MODE = ["LogOnly", "Challenge"] as const;
const SENSITIVITY = ["Off", "Low", "Medium", "High"] as const;
const AGGRESSION = ["Unknown", "Low", "Medium", "High", "Custom"] as const;

const named = (names: readonly string[], value: number) => names[value] ?? String(value);
const settingsOf = (emu: Emulator, inputs: Record<string, unknown>) =>
  emu.state.zone(Number(inputs.shieldZoneId))!.botDetection;

adoptedConformance({
  kind: "BotDetection",
  keyFields: ["shieldZoneId"],
  // Seeded zone 1001: Challenge; request integrity Medium, IP address High; browser
  // fingerprint Medium sensitivity, Medium aggression, complex checks on.
  inputs: () => ({
    shieldZoneId: ZONE,
    executionMode: "LogOnly",
    requestIntegrity: { sensitivity: "Low" },
    ipAddress: { sensitivity: 0 },
    browserFingerprint: { sensitivity: "High", aggression: "Low", complexEnabled: false },
  }),
  // Fewer browser fingerprint members declared: the others are still restored on delete.
  updated: (inputs) => ({
    ...inputs,
    executionMode: 1,
    browserFingerprint: { aggression: "High" },
  }),
  bad: {
    inputs: {
      shieldZoneId: -3,
      executionMode: "Sometimes",
      requestIntegrity: { sensitivity: "Extreme" },
      ipAddress: "High",
      browserFingerprint: { aggression: 9 },
      colour: 1,
    },
    properties: [
      "shieldZoneId",
      "executionMode",
      "requestIntegrity",
      "ipAddress",
      "browserFingerprint",
      "colour",
    ],
  },
  live: (emu, inputs) => {
    const b = settingsOf(emu, inputs);
    return {
      executionMode: named(EXECUTION_MODE, b.executionMode),
      requestIntegrity: { sensitivity: named(SENSITIVITY, b.requestIntegrity.sensitivity) },
      ipAddress: { sensitivity: named(SENSITIVITY, b.ipAddress.sensitivity) },
      browserFingerprint: {
        sensitivity: named(SENSITIVITY, b.browserFingerprint.sensitivity),
        aggression: named(AGGRESSION, b.browserFingerprint.aggression),
        complexEnabled: b.browserFingerprint.complexEnabled,
      },
    };
  },
  // One member of a nested object changes; the output shows the whole object.
  drift: (emu, inputs) => {
    settingsOf(emu, inputs).browserFingerprint.aggression = 4;
    return {
      field: "browserFingerprint",
      value: { sensitivity: "High", aggression: "Custom", complexEnabled: false },
    };
  },
  remove: (emu, inputs) => {
    emu.state.removeZone(Number(inputs.shieldZoneId));
  },
  readRoute: "getBotDetection",
  writeRoute: "updateBotDetection",
});

describe("BotDetection on a zone whose plan does not include it", function () {
  this.timeout(30_000);
  let emu: Emulator;
  let engine: MiniEngine;
  const fixture = useKindProvider("BotDetection");
  beforeEach(() => {
    const { emu: started, provider } = fixture();
    emu = started;
    engine = new MiniEngine(provider);
  });

  it("fails the create with the client's PlanRestrictionError, and changes nothing", async () => {
    const zone = emu.state.zone(BASIC_ZONE)!;
    assert.equal(zone.planType, 0, "zone 1003 is seeded Basic");
    const before = structuredClone(zone.botDetection);
    // Seeded zone 1003 challenges; the resource asks for log-only and other signals.
    const result = await engine.up({
      shieldZoneId: BASIC_ZONE,
      executionMode: "LogOnly",
      browserFingerprint: { aggression: "High" },
    });
    assert.equal(result.action, "create");
    const error = result.error as Error | undefined;
    assert.ok(error, "the create failed");
    assert.match(error.message, /plan does not allow/i);
    assert.ok(error.message.includes("invalid_plan_type.bot_detection"), error.message);
    let cause: unknown = error;
    while (cause instanceof Error && !(cause instanceof PlanRestrictionError)) cause = cause.cause;
    assert.ok(
      cause instanceof PlanRestrictionError,
      "the client's PlanRestrictionError is the cause",
    );
    assert.equal(cause.errorKey, "invalid_plan_type.bot_detection");
    assert.deepEqual(emu.state.zone(BASIC_ZONE)!.botDetection, before, "nothing changed");
    const writes = emu.requests.filter((r) => r.route === "updateBotDetection");
    assert.equal(writes.length, 1, "one refused write, not retried");
    assert.equal(writes[0]!.status, 403);
  });
});
