/**
 * `client.getBotDetection` (and `client.botDetection.get`) against the emulator's state; the
 * update's request and refusals against a stub.
 */
import { strict as assert } from "node:assert";
import {
  type ShieldClient,
  InvalidArgumentError,
  isBotDetectionNotOnPlan,
  PlanRestrictionError,
} from "../../src/client";
import { clientFor, useEmulator, rejection, unchecked } from "./helpers";
import { botDetectionBody } from "./answers";
import { useStub, sent } from "./stub";

describe("client: bot detection", () => {
  const emu = useEmulator();
  let client: ShieldClient;
  before(() => {
    client = clientFor(emu());
  });
  beforeEach(() => emu().resetRequests());

  it("returns the `data` object of bot detection", async () => {
    for (const zoneId of [1001, 1002]) {
      const data = await client.getBotDetection(zoneId);
      assert.deepEqual(data, { shieldZoneId: zoneId, ...emu().state.zone(zoneId)!.botDetection });
    }
    assert.equal(emu().requests[0].path, "/shield/shield-zone/1001/bot-detection");
  });

  it("fails a Basic zone's read (HTTP 202) with a PlanRestrictionError it recognises", async () => {
    const error = await client.botDetection.get(1003).catch((e: unknown) => e);
    assert.ok(error instanceof PlanRestrictionError, String(error));
    assert.equal(error.errorKey, "invalid_plan_type.bot_detection");
    assert.equal(error.status, 202);
    assert.ok(isBotDetectionNotOnPlan(error));
    assert.ok(!isBotDetectionNotOnPlan(new Error("invalid_plan_type.bot_detection")));
    const refusedWrite = await client.botDetection
      .update(1003, { executionMode: 1 })
      .catch((e: unknown) => e);
    assert.ok(isBotDetectionNotOnPlan(refusedWrite), "the PATCH's 403 too");
  });
});

describe("client: bot detection updates", () => {
  const stub = useStub();
  let client: ShieldClient;
  before(() => {
    client = clientFor(stub());
  });

  it("updates bot detection with a PATCH carrying the zone id, and returns the state", async () => {
    stub().reply({ body: botDetectionBody() });
    const state = await client.botDetection.update(1001, {
      executionMode: 1,
      browserFingerprint: { aggression: 2, complexEnabled: true },
    });
    assert.equal(state.executionMode, 1);
    assert.deepEqual(sent(stub()), [
      [
        "PATCH",
        "/shield/shield-zone/1001/bot-detection",
        {
          shieldZoneId: 1001,
          executionMode: 1,
          browserFingerprint: { aggression: 2, complexEnabled: true },
        },
      ],
    ]);
  });

  it("refuses empty, unknown and mistyped changes before sending", async () => {
    const cases: Array<[Promise<unknown>, string, RegExp]> = [
      [client.botDetection.update(1001, {}), "change", /nothing to change/],
      [
        client.botDetection.update(1001, unchecked({ ipAddress: { sensitivity: -4 } })),
        "change.ipAddress.sensitivity",
        /expected one of 0 \(Off\), 1 \(Low\), 2 \(Medium\), 3 \(High\)/,
      ],
      [
        client.botDetection.update(1001, unchecked({ shieldZoneId: 1002 })),
        "change.shieldZoneId",
        /unknown field/,
      ],
    ];
    for (const [call, argument, message] of cases) {
      const error = await rejection(call, InvalidArgumentError);
      assert.equal(error.argument, argument);
      assert.match(error.message, message);
    }
    assert.equal(stub().requests.length, 0);
  });
});
