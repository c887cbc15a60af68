import { strict as assert } from "node:assert";
import { Agent, request } from "node:http";
import { startEmulator } from "../../src/emulator";
import { API_KEY, call, NOW, patchList, useEmulator } from "./helpers";

/** GETs through a given agent and reads the whole answer. */
function get(agent: Agent, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { AccessKey: API_KEY } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("emulator: request recording and connections", () => {
  const emulator = useEmulator();
  beforeEach(() => emulator().resetRequests());

  it("records route, method, path, query, headers, body and status in arrival order", async () => {
    await call(emulator(), "/search?search=shop&size=2", { headers: { "X-Trace": "t1" } });
    await patchList(emulator(), 1001, 100101, { action: 4 });
    await patchList(emulator(), 1001, 100101, "not json");
    await call(emulator(), "/nowhere");

    const [search, patch, raw, unknown] = emulator().requests;
    assert.equal(emulator().requests.length, 4);
    assert.equal(search?.route, "search");
    assert.equal(search?.method, "GET");
    assert.equal(search?.path, "/search");
    assert.deepEqual(search?.query, { search: "shop", size: "2" });
    assert.equal(search?.headers["x-trace"], "t1");
    assert.equal(search?.body, undefined);
    assert.equal(search?.status, 200);
    assert.equal(search?.authenticated, true);
    assert.ok(typeof search?.at === "number" && search.at <= Date.now());

    assert.equal(patch?.route, "updateAccessListConfiguration");
    assert.deepEqual(patch?.body, { action: 4 });
    assert.equal(patch?.headers["content-type"], "application/json");
    assert.equal(raw?.body, "not json");
    assert.equal(raw?.status, 400);
    assert.equal(unknown?.route, null);
    assert.equal(unknown?.status, 404);
  });

  it("never records the API key, from either header", async () => {
    await call(emulator(), "/shield/shield-zone/1001/access-lists");
    await call(emulator(), "/search", {
      key: null,
      headers: { Authorization: `Bearer ${API_KEY}` },
    });
    await call(emulator(), "/search", { key: "emu_wrong_key" });
    for (const record of emulator().requests) {
      assert.equal(record.headers.accesskey, undefined);
      assert.equal(record.headers.authorization, undefined);
    }
    assert.deepEqual(
      emulator().requests.map((r) => [r.authenticated, r.status]),
      [
        [true, 200],
        [true, 200],
        [false, 401],
      ],
    );
    const everything = JSON.stringify(emulator().requests);
    assert.ok(!everything.includes(API_KEY));
    assert.ok(!everything.includes("emu_wrong_key"));
  });

  it("does not record admin requests", async () => {
    await call(emulator(), "/_emulator/stats");
    assert.deepEqual(emulator().requests, []);
  });

  it("counts TCP connections, one per keep-alive socket", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const before = emulator().connectionsOpened;
      for (let i = 0; i < 5; i++) {
        assert.equal(
          await get(agent, `${emulator().url}/shield/shield-zone/1001/bot-detection`),
          200,
        );
      }
      assert.equal(emulator().connectionsOpened - before, 1);

      const fresh = new Agent({ keepAlive: false });
      await get(fresh, `${emulator().url}/search`);
      await get(fresh, `${emulator().url}/search`);
      assert.equal(emulator().connectionsOpened - before, 3);
    } finally {
      agent.destroy();
    }
  });

  it("closes promptly even with idle keep-alive connections", async () => {
    const other = await startEmulator({ apiKey: API_KEY, now: () => NOW });
    const agent = new Agent({ keepAlive: true });
    try {
      await get(agent, `${other.url}/search`);
      const started = Date.now();
      await other.close();
      assert.ok(Date.now() - started < 500, "close does not wait for keep-alive timeouts");
      await other.close(); // idempotent
    } finally {
      agent.destroy();
    }
  });

  it("adds latencyMs to every answer", async () => {
    const slow = await startEmulator({ apiKey: API_KEY, latencyMs: 60 });
    try {
      const started = Date.now();
      await call(slow, "/search");
      assert.ok(Date.now() - started >= 55);
    } finally {
      await slow.close();
    }
  });
});
