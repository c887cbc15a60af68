/**
 * Paged listings (`walkPages`): the live service pages by `page.totalPages` and its answers may
 * lack `page.nextPage`, so a listing goes on while either says there is more, and never loops.
 */
import { strict as assert } from "node:assert";
import type { ShieldClient } from "../../src/client";
import { shieldZone } from "./answers";
import { clientFor, useEmulator } from "./helpers";
import { useStub } from "./stub";

describe("client paging: nextPage or totalPages", () => {
  describe("against the emulator", () => {
    const emu = useEmulator();
    let client: ShieldClient;
    before(() => {
      client = clientFor(emu());
    });
    beforeEach(() => emu().resetRequests());

    it("reads a 3-page listing whole when the answers lack nextPage", async () => {
      emu().faults.add({ route: "listShieldZones", omitNextPage: true, times: Infinity });
      const zones = await client.shieldZones.list({ perPage: 1 });
      assert.deepEqual(
        zones.map((zone) => zone.shieldZoneId),
        [1001, 1002, 1003],
      );
      assert.deepEqual(
        emu().requests.map((r) => r.query),
        [1, 2, 3].map((page) => ({ page: String(page), perPage: "1" })),
      );
    });

    it("reads an empty listing (totalPages 0) in one request", async () => {
      for (const omitNextPage of [false, true]) {
        emu().resetRequests();
        if (omitNextPage) emu().faults.add({ route: "listWafCustomRules", omitNextPage });
        assert.deepEqual(await client.wafCustomRules.list(1002), []);
        assert.equal(emu().requests.length, 1);
      }
    });
  });

  describe("against answers shaped by hand", () => {
    const stub = useStub();
    let client: ShieldClient;
    before(() => {
      client = clientFor(stub());
    });

    const page = (ids: number[], figures: Record<string, number | null>) => ({
      body: { data: ids.map((id) => shieldZone(id)), page: figures },
    });

    it("does not loop on a service that ignores `page` and promises more by totalPages", async () => {
      const first = page([1, 2], { currentPage: 1, totalPages: 3 });
      stub().reply(first, first, first, first);
      const zones = await client.shieldZones.list();
      assert.deepEqual(
        zones.map((zone) => zone.shieldZoneId),
        [1, 2],
      );
      assert.equal(stub().requests.length, 2, "the repeated page has nothing new: the walk ends");
    });

    it("goes on while either figure says there is more, and stops when neither does", async () => {
      stub().reply(
        page([1], { nextPage: 2, totalPages: 1 }),
        page([2], { nextPage: null, totalPages: 3 }),
        page([3], { totalPages: 3 }),
        page([4], { totalPages: 3 }),
      );
      const zones = await client.shieldZones.list();
      assert.deepEqual(
        zones.map((zone) => zone.shieldZoneId),
        [1, 2, 3],
      );
      assert.deepEqual(
        stub().requests.map((r) => r.query.page),
        ["1", "2", "3"],
      );
    });

    it("stops on an empty page even when totalPages promised more", async () => {
      stub().reply(page([1], { totalPages: 5 }), page([], { totalPages: 5 }));
      assert.equal((await client.shieldZones.list()).length, 1);
      assert.equal(stub().requests.length, 2);
    });
  });
});
