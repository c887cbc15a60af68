import { strict as assert } from "node:assert";
import { call, SUCCESS, useEmulator } from "./helpers";

const path = (zone: number | string): string => `/shield/shield-zone/${zone}/upload-scanning`;

describe("emulator: upload scanning", () => {
  const emulator = useEmulator();

  it("answers the seeded configuration of a zone", async () => {
    const answer = await call(emulator(), path(1001));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.json, {
      error: SUCCESS,
      data: { shieldZoneId: 1001, isEnabled: true, csamScanningMode: 2, antivirusScanningMode: 1 },
    });
  });

  it("changes what is sent, and GET shows it", async () => {
    const answer = await call(emulator(), path(1002), {
      method: "PATCH",
      body: { shieldZoneId: 1002, isEnabled: true, antivirusScanningMode: 2 },
    });
    assert.equal(answer.status, 200, answer.text);
    const expected = {
      shieldZoneId: 1002,
      isEnabled: true,
      csamScanningMode: 0,
      antivirusScanningMode: 2,
    };
    assert.deepEqual(answer.json, { data: expected, error: SUCCESS });
    assert.deepEqual((await call(emulator(), path(1002))).json, { error: SUCCESS, data: expected });
  });

  it("keeps isEnabled on null and accepts modes the spec does not list yet", async () => {
    const answer = await call(emulator(), path(1002), {
      method: "PATCH",
      body: { isEnabled: null, csamScanningMode: 5 },
    });
    assert.equal(answer.status, 200);
    assert.deepEqual(emulator().state.zone(1002)?.uploadScanning, {
      isEnabled: true,
      csamScanningMode: 5,
      antivirusScanningMode: 2,
    });
  });

  it("answers an unknown zone with HTTP 404 and the envelope", async () => {
    for (const method of ["GET", "PATCH"]) {
      const answer = await call(emulator(), path(77), {
        method,
        body: method === "GET" ? undefined : {},
      });
      assert.equal(answer.status, 404, method);
      assert.deepEqual(answer.json, {
        data: null,
        error: {
          statusCode: 404,
          success: false,
          message: "Shield Zone not found or Unauthorized access.",
          errorKey: "not_found_or_unauthorised_access.shieldzone",
        },
      });
    }
  });

  it("refuses malformed bodies with 400 and the field's errorKey, changing nothing", async () => {
    const before = structuredClone(emulator().state.zone(1001)?.uploadScanning);
    const cases: [unknown, string][] = [
      ["", "validation.body"],
      ["[1]", "validation.body"],
      [{ isEnabled: "yes" }, "validation.isEnabled"],
      [{ csamScanningMode: -1 }, "validation.csamScanningMode"],
      [{ antivirusScanningMode: "Block" }, "validation.antivirusScanningMode"],
      [{ antivirusScanningMode: null }, "validation.antivirusScanningMode"],
      [{ shieldZoneId: "1001" }, "validation.shieldZoneId"],
    ];
    for (const [body, errorKey] of cases) {
      const answer = await call(emulator(), path(1001), { method: "PATCH", body });
      assert.equal(answer.status, 400, JSON.stringify(body));
      assert.equal((answer.json as { error: { errorKey: string } }).error.errorKey, errorKey);
    }
    assert.deepEqual(emulator().state.zone(1001)?.uploadScanning, before);
  });
});
