/** `client.apiGuardian`: its enums (the configuration's methods are covered in operations.test.ts). */
import { strict as assert } from "node:assert";
import { UnmatchedPathAction, type ShieldClient } from "../../src/client";
import { clientFor, useEmulator } from "./helpers";

describe("client: API Guardian enums", () => {
  const emulator = useEmulator();
  let client: ShieldClient;
  before(() => {
    client = clientFor(emulator());
  });

  it("lists the modes and actions by value", async () => {
    const enums = await client.apiGuardian.getEnums(1001);
    for (const [name, value] of Object.entries(UnmatchedPathAction)) {
      assert.equal(enums.UnmatchedPathAction?.[String(value)], name);
    }
  });
});
