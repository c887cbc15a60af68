/**
 * The `page`/`perPage` listings: their `PaginationResponse` as the live service sends it
 * (`totalPages` 0 for an empty listing), and the `omitNextPage` fault that leaves `nextPage`
 * out, as the live service's answers may.
 */
import { strict as assert } from "node:assert";
import { call, useEmulator } from "./helpers";

type Listing = { data: unknown[]; page: Record<string, unknown> };

describe("emulator: paged listings", () => {
  // The figures exactly as sent: drift (SHIELD_EMULATOR_DRIFT) would add fields to `page`.
  const emulator = useEmulator({ drift: false });
  afterEach(() => emulator().faults.clear());

  it("answers an empty listing with totalPages 0 and no next page", async () => {
    const answer = await call(emulator(), "/shield/waf/custom-rules/1002");
    assert.equal(answer.status, 200);
    const { data, page } = answer.json as Listing;
    assert.deepEqual(data, []);
    assert.deepEqual(page, {
      totalCount: 0,
      totalPages: 0,
      currentPage: 1,
      nextPage: null,
      pageSize: 10,
    });
  });

  it("leaves nextPage out of the listings an omitNextPage fault hits, and nothing else", async () => {
    emulator().faults.add({ route: "listShieldZones", omitNextPage: true, times: 2 });
    const first = (await call(emulator(), "/shield/shield-zones?page=1&perPage=2")).json as Listing;
    assert.equal(first.data.length, 2);
    assert.deepEqual(first.page, { totalCount: 3, totalPages: 2, currentPage: 1, pageSize: 2 });
    const bot = await call(emulator(), "/shield/shield-zone/1001/bot-detection");
    assert.equal(bot.status, 200, "another route is untouched");
    const second = (await call(emulator(), "/shield/shield-zones?page=2&perPage=2"))
      .json as Listing;
    assert.equal("nextPage" in second.page, false);
    const third = (await call(emulator(), "/shield/shield-zones?page=1&perPage=2")).json as Listing;
    assert.equal(third.page.nextPage, 2, "spent after `times`");
  });

  it("combines omitNextPage with latency, and refuses it with a fault that replaces the answer", async () => {
    emulator().faults.add({ route: "listShieldZones", omitNextPage: true, latencyMs: 50 });
    const started = Date.now();
    const answer = (await call(emulator(), "/shield/shield-zones")).json as Listing;
    assert.ok(Date.now() - started >= 45, "delayed");
    assert.equal("nextPage" in answer.page, false);
    for (const spec of [
      { omitNextPage: true, status: 503 },
      { omitNextPage: true, kind: "html" as const },
      { omitNextPage: "yes" as unknown as boolean },
    ]) {
      assert.throws(() => emulator().faults.add(spec), RangeError, JSON.stringify(spec));
    }
  });
});
