import { strict as assert } from "node:assert";
import { call, useEmulator } from "./helpers";

describe("emulator: promotion state", () => {
  const emulator = useEmulator({ drift: true });

  it("answers the documented 200 without a body, even in drift mode", async () => {
    const answer = await call(emulator(), "/shield/promo/state");
    assert.equal(answer.status, 200);
    assert.equal(answer.text, "");
    assert.match(answer.headers.get("content-type") ?? "", /^application\/json/);
  });

  it("is recorded under its route name", async () => {
    const before = emulator().requests.length;
    await call(emulator(), "/shield/promo/state");
    assert.equal(emulator().requests.at(before)?.route, "getPromoState");
  });
});
