import { strict as assert } from "node:assert";
import { MAX_SEARCH_PAGE_SIZE } from "../../src/client/arguments";
import { InvalidArgumentError } from "../../src/client/errors";
import type { SearchItemRecord } from "../../src/emulator";
import { MAX_SEARCH_RESULTS, search } from "../../src/functions";
import { rejection, requestsTo, useEmulator } from "./helpers";

describe("functions: search", () => {
  const ctx = useEmulator();

  /** The emulator's items whose name contains `query`, as the function should give them. */
  function matching(query: string) {
    return ctx.emu.state.searchItems
      .filter((item) => item.name.toLowerCase().includes(query.toLowerCase()))
      .map((item) => ({ type: item.type, id: item.id, name: item.name }));
  }

  /** Adds `count` items whose names contain `marker`. */
  function addItems(marker: string, count: number): void {
    const base = 900_000 + ctx.emu.state.searchItems.length;
    const items: SearchItemRecord[] = Array.from({ length: count }, (_, i) => ({
      type: "cdn",
      id: base + i,
      name: `${marker}-${i}`,
    }));
    ctx.emu.state.searchItems.push(...items);
  }

  it("reads one page in camelCase, with the service's defaults", async () => {
    const all = matching("e");
    assert.ok(all.length > 20, "the seed has more than a page of items with an e");
    const page = await search({ query: "e" }, ctx.options);
    assert.deepEqual(page, {
      query: "e",
      total: all.length,
      from: 0,
      size: 20,
      results: all.slice(0, 20),
    });
    assert.deepEqual(Object.keys(page.results[0]!), ["type", "id", "name"]);
    assert.equal(requestsTo(ctx.emu, "search"), 1);
    assert.deepEqual(ctx.emu.requests[0]!.query, { search: "e", from: "0", size: "20" });
  });

  it("reads the page asked for with from and size", async () => {
    const all = matching("e");
    const page = await search({ query: "e", from: 5, size: 3 }, ctx.options);
    assert.deepEqual(page.results, all.slice(5, 8));
    assert.equal(page.from, 5);
    assert.equal(page.size, 3);
    assert.equal(page.total, all.length);
  });

  it("all: true collects every page", async () => {
    addItems("bulk-alpha", 250);
    const result = await search({ query: "bulk-alpha", all: true }, ctx.options);
    assert.deepEqual(result.results, matching("bulk-alpha"));
    assert.equal(result.results.length, 250);
    assert.equal(result.total, 250);
    assert.equal(result.from, 0);
    assert.equal(result.size, 250);
    // The first page (size 100) tells the total, then every page is read.
    assert.equal(requestsTo(ctx.emu, "search"), 1 + Math.ceil(250 / MAX_SEARCH_PAGE_SIZE));
    const sizes = ctx.emu.requests.map((r) => r.query.size);
    assert.ok(sizes.every((s) => s === String(MAX_SEARCH_PAGE_SIZE)));
  });

  it("all: true takes one request when everything fits in the first page", async () => {
    const result = await search({ query: "storage", all: true }, ctx.options);
    assert.deepEqual(result.results, matching("storage"));
    assert.equal(requestsTo(ctx.emu, "search"), 1);
  });

  it("all: true with no match gives an empty list after one request", async () => {
    const result = await search({ query: "no-such-name-anywhere", all: true }, ctx.options);
    assert.deepEqual(result, {
      query: "no-such-name-anywhere",
      total: 0,
      from: 0,
      size: 0,
      results: [],
    });
    assert.equal(requestsTo(ctx.emu, "search"), 1);
  });

  it("all: true refuses more than MAX_SEARCH_RESULTS after one request, suggesting a narrower query", async () => {
    addItems("bulk-omega", MAX_SEARCH_RESULTS + 1);
    const error = await rejection(
      search({ query: "bulk-omega", all: true }, ctx.options),
      InvalidArgumentError,
      "search: ",
      String(MAX_SEARCH_RESULTS + 1),
      "narrower query",
    );
    assert.equal(error.argument, "query");
    assert.equal(requestsTo(ctx.emu, "search"), 1);
  });

  it("all: true takes exactly MAX_SEARCH_RESULTS", async () => {
    addItems("bulk-exact", MAX_SEARCH_RESULTS);
    const result = await search({ query: "bulk-exact", all: true }, ctx.options);
    assert.equal(result.results.length, MAX_SEARCH_RESULTS);
    assert.equal(new Set(result.results.map((r) => r.id)).size, MAX_SEARCH_RESULTS);
  });

  it("all: true notices results that grew past the maximum after the first page", async () => {
    addItems("bulk-growing", MAX_SEARCH_RESULTS + 1);
    // The first page still counts few results; the walk then finds more.
    ctx.emu.faults.add({
      route: "search",
      status: 200,
      body: { Query: "bulk-growing", Total: 150, From: 0, Size: 100, SearchResults: [] },
    });
    await rejection(
      search({ query: "bulk-growing", all: true }, ctx.options),
      InvalidArgumentError,
      `over ${MAX_SEARCH_RESULTS} results`,
    );
    assert.equal(requestsTo(ctx.emu, "search"), 1 + MAX_SEARCH_RESULTS / MAX_SEARCH_PAGE_SIZE + 1);
  });

  const refused: Array<[string, unknown, string]> = [
    ["from with all", { query: "x", all: true, from: 0 }, "from"],
    ["size with all", { query: "x", all: true, size: 10 }, "size"],
    ["a size of 0", { query: "x", size: 0 }, "size"],
    ["a size over the page maximum", { query: "x", size: MAX_SEARCH_PAGE_SIZE + 1 }, "size"],
    ["a negative from", { query: "x", from: -1 }, "from"],
    ["a fractional from", { query: "x", from: 1.5 }, "from"],
    ["a missing query", {}, "query"],
    ["a query that is not a string", { query: 12 }, "query"],
    ["a query too long", { query: "q".repeat(257) }, "query"],
    ["all that is not a boolean", { query: "x", all: "yes" }, "all"],
    ["an unknown field", { query: "x", page: 2 }, "args.page"],
    ["args that are not an object", "cdn", "args"],
  ];
  for (const [what, args, argument] of refused) {
    it(`refuses ${what} before any request`, async () => {
      const error = await rejection(
        search(args as never, ctx.options),
        InvalidArgumentError,
        "search: ",
        `Invalid ${argument}`,
      );
      assert.equal(error.argument, argument);
      assert.equal(ctx.emu.requests.length, 0);
    });
  }
});
