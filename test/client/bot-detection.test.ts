/** `client.getBotDetection` (and `client.botDetection.get`) against the emulator's state. */
import { strict as assert } from "node:assert";
import type { ShieldClient } from "../../src/client";
import { clientFor, useEmulator } from "./helpers";

describe("client: bot detection", () => {
  const emu = useEmulator();
  let client: ShieldClient;
  before(() => {
    client = clientFor(emu());
  });
  beforeEach(() => emu().resetRequests());

  it("returns the `data` object of bot detection", async () => {
    for (const zoneId of [1001, 1002, 1003]) {
      const data = await client.getBotDetection(zoneId);
      assert.deepEqual(data, { shieldZoneId: zoneId, ...emu().state.zone(zoneId)!.botDetection });
    }
    assert.equal((await client.getBotDetection(1003)).browserFingerprint.complexEnabled, null);
    assert.equal(emu().requests[0].path, "/shield/shield-zone/1001/bot-detection");
  });
});
