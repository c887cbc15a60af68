/** `client.accessLists.getEnums`: the access lists' enums as the service names them. */
import { strict as assert } from "node:assert";
import { AccessListCategory, type ShieldClient } from "../../src/client";
import { clientFor, useEmulator } from "./helpers";

describe("client: access list enums", () => {
  const emulator = useEmulator();
  let client: ShieldClient;
  before(() => {
    client = clientFor(emulator());
  });

  it("names the values this package knows as the package does", async () => {
    const enums = await client.accessLists.getEnums(1001);
    for (const [name, value] of Object.entries(AccessListCategory)) {
      assert.equal(enums.AccessListCategory?.[String(value)], name);
    }
    assert.equal(enums.AccessListAction?.["5"], "Bypass");
  });
});
