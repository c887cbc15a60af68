import { strict as assert } from "node:assert";
import { uploadScanning } from "../../src/policy";
import { resourceViolations } from "./harness";

describe("policy shield-upload-scanning", () => {
  const judge = (props: Record<string, unknown>) =>
    resourceViolations(uploadScanning, "UploadScanning", { shieldZoneId: 1, ...props }, {}, "up");

  it("flags scanning switched off", async () => {
    const [message] = await judge({ isEnabled: false });
    assert.match(message, /^UploadScanning "up": isEnabled is false.*Set isEnabled: true/);
  });

  it('flags each scanner in "Log" or "Disabled", each in its own message', async () => {
    const messages = await judge({ csamScanningMode: "Log", antivirusScanningMode: "Disabled" });
    assert.equal(messages.length, 2);
    assert.match(
      messages[0],
      /csamScanningMode is "Log": a match is only logged\. Set csamScanningMode: "Block"/,
    );
    assert.match(messages[1], /antivirusScanningMode is "Disabled": this scanner is off/);
  });

  it("passes blocking scanners and undeclared modes", async () => {
    assert.deepEqual(await judge({ isEnabled: true, csamScanningMode: "Block" }), []);
    assert.deepEqual(await judge({}), []);
  });
});
