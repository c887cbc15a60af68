/** `client.search` (and 0.1.0's forms): the core API's search, page by page. */
import { strict as assert } from "node:assert";
import type { ShieldClient } from "../../src/client";
import { clientFor, collect, useEmulator } from "./helpers";

describe("client: search", () => {
  const emu = useEmulator();
  let client: ShieldClient;
  before(() => {
    client = clientFor(emu());
  });
  beforeEach(() => emu().resetRequests());

  it("is a sub-client (get, list), still callable as 0.1.0's method, with 0.1.0's searchAll", async () => {
    assert.equal(client.search, client.search, "made once");
    const page = await client.search.get({ query: "cdn", size: 3 });
    assert.deepEqual(await client.search({ query: "cdn", size: 3 }), page);
    const all = await collect(client.search.list({ query: "cdn", pageSize: 2 }));
    assert.deepEqual(await collect(client.searchAll({ query: "cdn", pageSize: 2 })), all);
    assert.equal(all.length, page.Total);
    assert.deepEqual(all.slice(0, 3), page.SearchResults);
  });

  it("returns the PascalCase page of a search", async () => {
    const page = await client.search({ query: "cdn" });
    const matches = emu().state.searchItems.filter((i) => i.name.includes("cdn"));
    assert.ok(matches.length > 0);
    assert.equal(page.Total, matches.length);
    assert.equal(page.From, 0);
    assert.equal(page.Size, 20);
    assert.equal(page.Query, "cdn");
    assert.deepEqual(
      page.SearchResults,
      matches.slice(0, 20).map((i) => ({ Type: i.type, Id: i.id, Name: i.name })),
    );
    const [request] = emu().requests;
    assert.equal(request.path, "/search");
    assert.deepEqual(request.query, { search: "cdn", from: "0", size: "20" });
  });

  it("sends from and size, and encodes the query", async () => {
    const page = await client.search({ query: "a b&c=d", from: 3, size: 2 });
    assert.equal(page.Total, 0);
    assert.deepEqual(emu().requests[0].query, { search: "a b&c=d", from: "3", size: "2" });
    const second = await client.search({ query: "", from: 5, size: 7 });
    assert.deepEqual(
      second.SearchResults.map((r) => r.Id),
      emu()
        .state.searchItems.slice(5, 12)
        .map((i) => i.id),
    );
  });

  it("returns every result across pages, as many as Total", async () => {
    const items = emu().state.searchItems;
    const results = await collect(client.searchAll({ query: "", pageSize: 7 }));
    assert.equal(results.length, items.length);
    assert.deepEqual(
      results.map((r) => r.Id),
      items.map((i) => i.id),
    );
    assert.equal(emu().requests.length, Math.ceil(items.length / 7));
    assert.deepEqual(
      emu().requests.map((r) => r.query.from),
      Array.from({ length: Math.ceil(items.length / 7) }, (_, i) => String(i * 7)),
    );

    emu().resetRequests();
    const total = (await client.search({ query: "storage" })).Total;
    const storage = await collect(client.searchAll({ query: "storage", pageSize: 3 }));
    assert.equal(storage.length, total);
    assert.ok(storage.every((r) => r.Type === "storage"));
  });

  it("stops at an empty page even if Total promised more", async () => {
    emu().faults.add({
      route: "search",
      status: 200,
      body: { Query: "x", Total: 50, From: 0, Size: 2, SearchResults: [{ Type: "dns", Id: 1 }] },
    });
    emu().faults.add({
      route: "search",
      status: 200,
      body: { Query: "x", Total: 50, From: 1, Size: 2, SearchResults: [] },
    });
    const results = await collect(client.searchAll({ query: "x", pageSize: 2 }));
    assert.deepEqual(results, [{ Type: "dns", Id: 1 }]);
    assert.equal(emu().requests.length, 2);
  });
});
