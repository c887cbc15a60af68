import { strict as assert } from "node:assert";
import type { ShieldClient } from "../../../src/client/shield-client";
import { flatZoneSettingsSpec } from "../../../src/resources/kit/zone-settings";
import { declaration } from "../../../src/resources/upload-scanning/declaration";

describe("kit: flatZoneSettingsSpec", () => {
  const fields = ["isEnabled", "csamScanningMode"];
  const sent: unknown[] = [];
  const area = {
    get: async (): Promise<Record<string, unknown>> => ({ isEnabled: true, csamScanningMode: 2 }),
    update: async (zone: number, change: Record<string, unknown>) => sent.push([zone, change]),
  };
  const spec = flatZoneSettingsSpec(declaration, fields, () => area);
  const client = {} as ShieldClient;

  it("reports the live values in the inputs' vocabulary: an enum by name, a missing one null", async () => {
    assert.deepEqual(spec.managedFields, fields);
    const live = await spec.read(client, { shieldZoneId: 7 });
    assert.deepEqual(spec.settings(live), { isEnabled: true, csamScanningMode: "Block" });
    assert.deepEqual(spec.settings({ csamScanningMode: 9 }), {
      isEnabled: null,
      csamScanningMode: "9",
    });
  });

  it("writes only the changed fields, an enum by number", async () => {
    sent.length = 0;
    await spec.write(client, { shieldZoneId: 7 }, { csamScanningMode: "Log" });
    await spec.write(client, { shieldZoneId: 7 }, { isEnabled: false, csamScanningMode: "9" });
    assert.deepEqual(sent, [
      [7, { csamScanningMode: 1 }],
      [7, { isEnabled: false, csamScanningMode: 9 }],
    ]);
  });

  it("refuses a field the declaration has no input for", () => {
    assert.throws(() => flatZoneSettingsSpec(declaration, ["mode"], () => area), /mode is not/);
  });
});
