/** `client.promotions`: the promotion state, whose shape the spec leaves open. */
import { strict as assert } from "node:assert";
import type { ShieldClient } from "../../src/client";
import { clientFor, useEmulator } from "./helpers";
import { useStub } from "./stub";

describe("client: promotion state", () => {
  const emulator = useEmulator();
  let client: ShieldClient;
  before(() => {
    client = clientFor(emulator());
  });

  it("answers undefined for the documented empty 200", async () => {
    assert.equal(await client.promotions.getState(), undefined);
    assert.equal(emulator().requests.at(-1)!.path, "/shield/promo/state");
  });
});

describe("client: promotion state from a service that sends one", () => {
  const stub = useStub();

  it("passes on the JSON the service sends, whatever its shape", async () => {
    stub().reply({ body: { isPromotionActive: true, endsAt: "2026-12-31T00:00:00Z" } });
    assert.deepEqual(await clientFor(stub()).promotions.getState(), {
      isPromotionActive: true,
      endsAt: "2026-12-31T00:00:00Z",
    });
  });
});
