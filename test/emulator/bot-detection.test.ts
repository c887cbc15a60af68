import { strict as assert } from "node:assert";
import { call, SUCCESS, useEmulator } from "./helpers";

describe("emulator: bot detection", () => {
  const emulator = useEmulator();

  it("answers the seeded configuration of a zone", async () => {
    const answer = await call(emulator(), "/shield/shield-zone/1001/bot-detection");
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.json, {
      data: {
        shieldZoneId: 1001,
        executionMode: 1,
        requestIntegrity: { sensitivity: 2 },
        ipAddress: { sensitivity: 3 },
        browserFingerprint: { sensitivity: 2, aggression: 2, complexEnabled: true },
      },
      error: SUCCESS,
    });
  });

  it("answers a Basic zone with HTTP 202 invalid_plan_type.bot_detection, as the live service does", async () => {
    const answer = await call(emulator(), "/shield/shield-zone/1003/bot-detection");
    assert.equal(answer.status, 202);
    assert.deepEqual(answer.json, {
      data: null,
      error: {
        statusCode: 202,
        success: false,
        message: "Unable to make changes whilst on the Basic tier of Bunny Shield.",
        errorKey: "invalid_plan_type.bot_detection",
      },
    });
  });

  it("shows a Basic zone's settings once it is upgraded, complexEnabled null", async () => {
    const zone = emulator().state.zone(1003)!;
    zone.planType = 1;
    try {
      const answer = await call(emulator(), "/shield/shield-zone/1003/bot-detection");
      assert.equal(answer.status, 200);
      const body = answer.json as { data: { browserFingerprint: { complexEnabled: unknown } } };
      assert.equal(body.data.browserFingerprint.complexEnabled, null);
    } finally {
      zone.planType = 0;
    }
  });

  it("follows direct state changes", async () => {
    const zone = emulator().state.zone(1002);
    assert.ok(zone);
    zone.botDetection.executionMode = 1;
    const answer = await call(emulator(), "/shield/shield-zone/1002/bot-detection");
    assert.equal((answer.json as { data: { executionMode: number } }).data.executionMode, 1);
  });

  it("answers an unknown zone with HTTP 404 and the envelope", async () => {
    const answer = await call(emulator(), "/shield/shield-zone/77/bot-detection");
    assert.equal(answer.status, 404);
    assert.deepEqual(answer.json, {
      data: null,
      error: {
        statusCode: 404,
        success: false,
        message: "Shield Zone not found or Unauthorized access.",
        errorKey: "not_found_or_unauthorised_access.shieldzone",
      },
    });
  });
  describe("PATCH", () => {
    const patch = (zone: number | string, body: unknown) =>
      call(emulator(), `/shield/shield-zone/${zone}/bot-detection`, { method: "PATCH", body });

    it("changes what is sent (nested objects field by field), and GET shows it", async () => {
      const before = (await call(emulator(), "/shield/shield-zone/1001/bot-detection")).json as {
        data: Record<string, unknown>;
      };
      const answer = await patch(1001, {
        shieldZoneId: 1001,
        ipAddress: { sensitivity: 1 },
        browserFingerprint: { complexEnabled: null },
      });
      assert.equal(answer.status, 200, answer.text);
      const expected = {
        ...before.data,
        ipAddress: { sensitivity: 1 },
        browserFingerprint: { sensitivity: 2, aggression: 2, complexEnabled: null },
      };
      assert.deepEqual(answer.json, { error: SUCCESS, data: expected });
      const after = await call(emulator(), "/shield/shield-zone/1001/bot-detection");
      assert.deepEqual(after.json, { data: expected, error: SUCCESS });
    });

    it("accepts enum values the spec does not list yet", async () => {
      const answer = await patch(1002, { executionMode: 3, requestIntegrity: { sensitivity: 9 } });
      assert.equal(answer.status, 200);
      assert.equal(emulator().state.zone(1002)?.botDetection.requestIntegrity.sensitivity, 9);
    });

    it("refuses a Basic zone with 403 invalid_plan_type.bot_detection", async () => {
      const before = structuredClone(emulator().state.zone(1003)?.botDetection);
      const answer = await patch(1003, { executionMode: 1 });
      assert.equal(answer.status, 403);
      assert.deepEqual(answer.json, {
        data: null,
        error: {
          statusCode: 403,
          success: false,
          message: "Unable to make changes whilst on the Basic tier of Bunny Shield.",
          errorKey: "invalid_plan_type.bot_detection",
        },
      });
      assert.deepEqual(emulator().state.zone(1003)?.botDetection, before);
    });

    it("answers an unknown zone with HTTP 404", async () => {
      const answer = await patch(77, { executionMode: 1 });
      assert.equal(answer.status, 404);
      assert.equal(
        (answer.json as { error: { errorKey: string } }).error.errorKey,
        "not_found_or_unauthorised_access.shieldzone",
      );
    });

    it("refuses malformed bodies with 400 and the field's errorKey", async () => {
      const cases: [unknown, string][] = [
        ["nope", "validation.body"],
        [{ executionMode: "Challenge" }, "validation.executionMode"],
        [{ executionMode: -1 }, "validation.executionMode"],
        [{ ipAddress: 2 }, "validation.ipAddress"],
        [{ ipAddress: { sensitivity: 1.5 } }, "validation.ipAddress.sensitivity"],
        [
          { browserFingerprint: { complexEnabled: 1 } },
          "validation.browserFingerprint.complexEnabled",
        ],
      ];
      for (const [body, errorKey] of cases) {
        const answer = await patch(1001, body);
        assert.equal(answer.status, 400, JSON.stringify(body));
        assert.equal((answer.json as { error: { errorKey: string } }).error.errorKey, errorKey);
      }
    });
  });
});
