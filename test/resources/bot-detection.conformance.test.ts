import { strict as assert } from "node:assert";
import { PlanRestrictionError } from "../../src/client/errors";
import type { Emulator } from "../../src/emulator";
import { getBotDetection } from "../../src/functions/bot-detection";
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

  /** The client's PlanRestrictionError among the causes of `error`. */
  const planCause = (error: unknown) => {
    let cause = error;
    while (cause instanceof Error && !(cause instanceof PlanRestrictionError)) cause = cause.cause;
    assert.ok(
      cause instanceof PlanRestrictionError,
      "the client's PlanRestrictionError is the cause",
    );
    return cause;
  };
  const requestsTo = (route: string) => emu.requests.filter((r) => r.route === route);

  it("fails the create, naming the plan and what to do, and writes nothing", async () => {
    const zone = emu.state.zone(BASIC_ZONE)!;
    assert.equal(zone.planType, 0, "zone 1003 is seeded Basic");
    const before = structuredClone(zone.botDetection);
    const result = await engine.up({
      shieldZoneId: BASIC_ZONE,
      executionMode: "LogOnly",
      browserFingerprint: { aggression: "High" },
    });
    assert.equal(result.action, "create");
    const error = result.error as Error | undefined;
    assert.ok(error, "the create failed");
    assert.match(error.message, /shield zone 1003's Basic Shield plan has no bot detection/);
    assert.match(error.message, /upgrade the zone to Advanced or above/);
    assert.match(error.message, /or remove this BotDetection/);
    assert.equal(planCause(error).errorKey, "invalid_plan_type.bot_detection");
    assert.equal(engine.held, undefined, "nothing is recorded as created");
    assert.deepEqual(emu.state.zone(BASIC_ZONE)!.botDetection, before, "nothing changed");
    assert.deepEqual(
      requestsTo("getBotDetection").map((r) => r.status),
      [202],
      "one read, answered 202",
    );
    assert.equal(requestsTo("updateBotDetection").length, 0, "no write was tried");
  });

  it("shows the plan in a preview's adoption line", async () => {
    const { provider } = fixture();
    const checked = await provider.check(
      {},
      { shieldZoneId: BASIC_ZONE, executionMode: "Challenge", __preview: true },
    );
    assert.match(
      String(checked.inputs.adoptionChanges),
      /shield zone 1003's Basic Shield plan has no bot detection/,
    );
  });

  describe("once the zone is downgraded to Basic", () => {
    beforeEach(async () => {
      const created = await engine.up({ shieldZoneId: ZONE, executionMode: "LogOnly" });
      assert.equal(created.error, undefined);
      emu.state.zone(ZONE)!.planType = 0;
      emu.resetRequests();
    });

    it("refresh fails saying why, and keeps the state", async () => {
      const held = structuredClone(engine.held);
      const result = await engine.refresh();
      assert.match(String(result.error), /refresh failed, so the resource stays in state/);
      assert.match(
        String(result.error),
        /shield zone 1001's Basic Shield plan has no bot detection/,
      );
      assert.deepEqual(engine.held, held);
    });

    it("an update fails naming the plan, and state keeps the last confirmed values", async () => {
      const result = await engine.up({ shieldZoneId: ZONE, executionMode: "Challenge" });
      assert.equal(result.action, "update");
      assert.match(
        String(result.error),
        /shield zone 1001's Basic Shield plan has no bot detection/,
      );
      assert.equal(engine.outputs.executionMode, "LogOnly");
    });

    it("delete succeeds: the service refuses every change there, so nothing is put back", async () => {
      const before = structuredClone(emu.state.zone(ZONE)!.botDetection);
      const result = await engine.destroy();
      assert.equal(result.error, undefined);
      assert.equal(engine.held, undefined);
      assert.deepEqual(emu.state.zone(ZONE)!.botDetection, before);
      assert.deepEqual(
        requestsTo("updateBotDetection").map((r) => r.status),
        [403],
      );
    });
  });
});

describe("BotDetection from getBotDetection's result", function () {
  this.timeout(30_000);
  const fixture = useKindProvider("BotDetection");

  it("takes its signals as they are: `…Name` members and nulls are not declared, and nothing churns", async () => {
    const { emu, provider } = fixture();
    const engine = new MiniEngine(provider);
    const read = await getBotDetection(
      { shieldZoneId: 1002 },
      { apiKey: emu.apiKey, apiUrl: emu.url, maxRetries: 0 },
    );
    const inputs = {
      shieldZoneId: ZONE,
      requestIntegrity: read.requestIntegrity,
      // A member the service left out comes as null.
      browserFingerprint: { ...read.browserFingerprint, complexEnabled: null },
    };
    const checked = await provider.check({}, inputs);
    assert.deepEqual(checked.failures ?? [], []);
    assert.deepEqual(checked.inputs.requestIntegrity, {
      sensitivity: named(SENSITIVITY, read.requestIntegrity.sensitivity!),
    });
    assert.deepEqual(checked.inputs.browserFingerprint, {
      sensitivity: named(SENSITIVITY, read.browserFingerprint.sensitivity!),
      aggression: named(AGGRESSION, read.browserFingerprint.aggression!),
    });
    assert.equal((await engine.up(inputs)).action, "create");
    assert.equal((await engine.up(inputs)).action, "same");
  });
});
