import { strict as assert } from "node:assert";
import type { CoreApiError, SearchResults } from "../../src/emulator";
import { call, useEmulator } from "./helpers";

describe("emulator: search", () => {
  const emulator = useEmulator();

  async function search(query: string): Promise<SearchResults> {
    const answer = await call(emulator(), `/search${query}`);
    assert.equal(answer.status, 200, answer.text);
    return answer.json as SearchResults;
  }

  it("answers in PascalCase with defaults from=0, size=20", async () => {
    const body = await search("");
    assert.deepEqual(Object.keys(body), ["Query", "Total", "From", "Size", "SearchResults"]);
    assert.equal(body.Query, null);
    assert.equal(body.Total, 60);
    assert.equal(body.From, 0);
    assert.equal(body.Size, 20);
    assert.equal(body.SearchResults.length, 20);
    assert.deepEqual(body.SearchResults[0], { Type: "cdn", Id: 2100001, Name: "shop-cdn-eu" });
    const types = new Set(body.SearchResults.map((r) => r.Type));
    assert.deepEqual([...types].sort(), ["cdn", "dns", "script", "storage", "stream"]);
  });

  it("pages through every result in a stable order", async () => {
    const seen: string[] = [];
    let total = Infinity;
    for (let from = 0; from < total; from += 7) {
      const page = await search(`?search=&from=${from}&size=7`);
      total = page.Total;
      assert.equal(page.From, from);
      seen.push(...page.SearchResults.map((r) => `${r.Type}:${r.Id}`));
    }
    assert.equal(seen.length, 60);
    assert.equal(new Set(seen).size, 60);
    const again = await search("?size=60");
    assert.deepEqual(
      again.SearchResults.map((r) => `${r.Type}:${r.Id}`),
      seen,
    );
  });

  it("matches a case-insensitive substring of the name", async () => {
    const body = await search("?search=MEDIA");
    assert.equal(body.Query, "MEDIA");
    assert.equal(body.Total, 5);
    assert.ok(body.SearchResults.every((r) => r.Name.includes("media")));
    const storage = await search("?search=storage");
    assert.ok(storage.SearchResults.every((r) => r.Type === "storage"));
    assert.equal((await search("?search=no-such-thing")).Total, 0);
  });

  it("answers a from past the end with an empty page and the full total", async () => {
    const body = await search("?search=shop&from=50");
    assert.equal(body.Total, 5);
    assert.deepEqual(body.SearchResults, []);
  });

  for (const [query, field] of [
    ["from=-1", "from"],
    ["from=abc", "from"],
    ["from=1.5", "from"],
    ["size=-1", "size"],
    ["size=1001", "size"],
    ["size=2.5", "size"],
    ["size=99999999999", "size"],
  ]) {
    it(`rejects ${query} with a core-API 400`, async () => {
      const answer = await call(emulator(), `/search?search=a&${query}`);
      assert.equal(answer.status, 400);
      const error = answer.json as CoreApiError;
      assert.equal(error.ErrorKey, "search.invalid_parameter");
      assert.equal(error.Field, field);
      assert.match(error.Message, new RegExp(field));
    });
  }

  it("allows size=1000 and size=0", async () => {
    assert.equal((await search("?size=1000")).SearchResults.length, 60);
    assert.equal((await search("?size=0")).SearchResults.length, 0);
  });

  it("sees items added to the state", async () => {
    emulator().state.searchItems.push({ type: "dns", id: 999, name: "Zzz-Special.example.org" });
    const body = await search("?search=zzz-special");
    assert.deepEqual(body.SearchResults, [
      { Type: "dns", Id: 999, Name: "Zzz-Special.example.org" },
    ]);
  });
});
