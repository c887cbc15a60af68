/** `getShieldZoneDefaults`: recommended settings, shaped to spread into resource arguments. */
import { strict as assert } from "node:assert";
import { getShieldZoneDefaults } from "../../src/functions";
import { inputSchema as botDetectionInputs } from "../../src/resources/bot-detection/spec";
import { inputSchema as shieldZoneInputs } from "../../src/resources/shield-zone/spec";
import { inputSchema as uploadScanningInputs } from "../../src/resources/upload-scanning/spec";
import type { InputSchema } from "../../src/resources/kit/check";
import { useEmulator } from "./helpers";

/** `check`'s verdict on `values` for a kind: every field valid, none unknown. */
function assertAccepted(schema: InputSchema, values: Record<string, unknown>, what: string) {
  for (const [name, value] of Object.entries(values)) {
    const field = schema.fields[name];
    assert.ok(field, `${what}: ${name} is not an input`);
    const parsed = field.safeParse(value);
    assert.ok(
      parsed.success,
      `${what}.${name} = ${JSON.stringify(value)}: ${parsed.error?.message}`,
    );
  }
}

describe("functions: shield zone defaults", () => {
  const ctx = useEmulator();

  it("gives arguments ShieldZone, BotDetection and UploadScanning accept as they are", async () => {
    const defaults = await getShieldZoneDefaults({}, ctx.options);
    assert.equal(defaults.shieldZone.wafExecutionMode, "Block");
    assert.equal(defaults.shieldZone.ddosShieldSensitivity, "Medium");
    assert.ok(!("planType" in defaults.shieldZone), "a plan is not a recommendation");
    assert.ok(!("shieldZoneId" in defaults.shieldZone));
    assertAccepted(shieldZoneInputs, defaults.shieldZone, "shieldZone");
    assert.deepEqual(defaults.botDetection, { executionMode: "Challenge" });
    assertAccepted(botDetectionInputs, defaults.botDetection, "botDetection");
    assert.deepEqual(defaults.uploadScanning, {
      csamScanningMode: "Block",
      antivirusScanningMode: "Block",
    });
    assertAccepted(uploadScanningInputs, defaults.uploadScanning, "uploadScanning");
    const tor = defaults.accessLists.find((l) => l.name === "Tor exit nodes");
    assert.deepEqual([tor?.action, tor?.requiredPlan], ["Block", "Basic"]);
  });
});
