/** `client.ddos`: the DDoS enums. */
import { strict as assert } from "node:assert";
import { DdosShieldSensitivity, type ShieldClient } from "../../src/client";
import { clientFor, useEmulator } from "./helpers";

describe("client: DDoS enums", () => {
  const emulator = useEmulator();
  let client: ShieldClient;
  before(() => {
    client = clientFor(emulator());
  });

  it("lists the sensitivity's values as this package names them", async () => {
    const enums = await client.ddos.getEnums();
    const sensitivity = enums.find((e) => e.enumName === "DDoSShieldSensitivity");
    assert.deepEqual(
      Object.fromEntries(sensitivity!.enumValues.map((v) => [v.name, v.value])),
      DdosShieldSensitivity,
    );
  });
});
