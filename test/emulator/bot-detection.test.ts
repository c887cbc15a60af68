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

  it("reports complexEnabled null for a Basic zone", async () => {
    const answer = await call(emulator(), "/shield/shield-zone/1003/bot-detection");
    const body = answer.json as { data: { browserFingerprint: { complexEnabled: unknown } } };
    assert.equal(body.data.browserFingerprint.complexEnabled, null);
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
});
