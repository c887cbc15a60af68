import { strict as assert } from "node:assert";
import { API_KEY, call, TODAY, useEmulator } from "./helpers";

const ROUTES: [string, string, unknown?][] = [
  ["GET", `/shield/event-logs/1001/${TODAY}`],
  ["GET", "/shield/shield-zone/1001/access-lists"],
  ["PATCH", "/shield/shield-zone/1001/access-lists/configurations/100101", { isEnabled: true }],
  ["GET", "/shield/shield-zone/1001/bot-detection"],
  ["GET", "/search?search=shop"],
];

describe("emulator: authentication and routing", () => {
  const emulator = useEmulator();

  for (const [method, path, body] of ROUTES) {
    for (const [what, key] of [
      ["without a key", null],
      ["with a wrong key", "emu_wrong"],
      ["with a key differing only in case", API_KEY.toUpperCase()],
    ] as const) {
      it(`answers ${method} ${path.split("?")[0]} ${what} with 401 ProblemDetails`, async () => {
        const answer = await call(emulator(), path, { method, body, key });
        assert.equal(answer.status, 401);
        assert.equal(answer.headers.get("content-type"), "application/problem+json; charset=utf-8");
        const problem = answer.json as Record<string, unknown>;
        assert.deepEqual(Object.keys(problem), ["type", "title", "status", "detail", "instance"]);
        assert.equal(problem.status, 401);
        assert.equal(problem.title, "Unauthorized");
        assert.equal(problem.instance, path.split("?")[0]);
        assert.ok(!answer.text.includes(API_KEY));
      });
    }
  }

  it("does not change state for an unauthenticated PATCH", async () => {
    const before = emulator().state.accessList(1001, 100102)?.isEnabled;
    await call(emulator(), "/shield/shield-zone/1001/access-lists/configurations/100102", {
      method: "PATCH",
      body: { isEnabled: !before },
      key: null,
    });
    assert.equal(emulator().state.accessList(1001, 100102)?.isEnabled, before);
  });

  it("accepts a bearer token on /search only", async () => {
    const bearer = { Authorization: `Bearer ${API_KEY}` };
    const search = await call(emulator(), "/search", { key: null, headers: bearer });
    assert.equal(search.status, 200);
    const shield = await call(emulator(), "/shield/shield-zone/1001/bot-detection", {
      key: null,
      headers: bearer,
    });
    assert.equal(shield.status, 401);
  });

  it("answers unknown paths with 404 ProblemDetails, key or not", async () => {
    for (const key of [API_KEY, null]) {
      const answer = await call(emulator(), "/shield/waf/rules", { key });
      assert.equal(answer.status, 404);
      assert.equal(answer.headers.get("content-type"), "application/problem+json; charset=utf-8");
      assert.equal((answer.json as { title: string }).title, "Not Found");
    }
  });

  it("ignores a trailing slash and the case of literal segments, like ASP.NET routing", async () => {
    assert.equal((await call(emulator(), "/shield/shield-zone/1001/access-lists/")).status, 200);
    assert.equal((await call(emulator(), "/Shield/Shield-Zone/1001/Bot-Detection")).status, 200);
  });

  it("answers a wrong method with 405 and an Allow header", async () => {
    const answer = await call(emulator(), "/shield/shield-zone/1001/bot-detection", {
      method: "DELETE",
    });
    assert.equal(answer.status, 405);
    assert.equal(answer.headers.get("allow"), "GET, PATCH");
  });

  it("keeps connections alive (no Connection: close)", async () => {
    const answer = await call(emulator(), "/search");
    assert.notEqual(answer.headers.get("connection"), "close");
  });
});
