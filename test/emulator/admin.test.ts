import { strict as assert } from "node:assert";
import type { StateSnapshot } from "../../src/emulator";
import { call, patchList, useEmulator } from "./helpers";

describe("emulator: admin routes", () => {
  const emulator = useEmulator();
  afterEach(() => {
    emulator().faults.clear();
    emulator().resetRequests();
  });

  it("require the AccessKey and are not recorded", async () => {
    for (const path of ["/_emulator/requests", "/_emulator/state", "/_emulator/stats"]) {
      assert.equal((await call(emulator(), path, { key: null })).status, 401);
      assert.equal((await call(emulator(), path, { key: "wrong" })).status, 401);
    }
    assert.equal(emulator().requests.length, 0);
  });

  it("list and clear recorded requests", async () => {
    await call(emulator(), "/search?search=api");
    const listed = await call(emulator(), "/_emulator/requests");
    assert.equal(listed.status, 200);
    const records = listed.json as { route: string; query: Record<string, string> }[];
    assert.deepEqual(
      records.map((r) => [r.route, r.query]),
      [["search", { search: "api" }]],
    );
    assert.equal((await call(emulator(), "/_emulator/requests", { method: "DELETE" })).status, 204);
    assert.equal(emulator().requests.length, 0);
  });

  it("add, list and remove faults from JSON", async () => {
    const added = await call(emulator(), "/_emulator/faults", {
      method: "POST",
      body: {
        route: "getBotDetection",
        status: 429,
        retryAfter: "2026-03-15T12:00:00Z",
        times: null,
      },
    });
    assert.equal(added.status, 201);
    const { id } = added.json as { id: number };

    for (let i = 0; i < 2; i++) {
      const answer = await call(emulator(), "/shield/shield-zone/1001/bot-detection");
      assert.equal(answer.status, 429);
      assert.equal(answer.headers.get("retry-after"), "Sun, 15 Mar 2026 12:00:00 GMT");
    }
    const listed = (await call(emulator(), "/_emulator/faults")).json as {
      id: number;
      hits: number;
      spec: { times: unknown };
    }[];
    assert.deepEqual(
      listed.map((f) => [f.id, f.hits, f.spec.times]),
      [[id, 2, null]],
    );

    assert.equal(
      (await call(emulator(), `/_emulator/faults/${id}`, { method: "DELETE" })).status,
      204,
    );
    assert.equal(
      (await call(emulator(), `/_emulator/faults/${id}`, { method: "DELETE" })).status,
      404,
    );
    assert.equal((await call(emulator(), "/shield/shield-zone/1001/bot-detection")).status, 200);

    await call(emulator(), "/_emulator/faults", {
      method: "POST",
      body: { kind: "html", times: "Infinity" },
    });
    assert.equal((await call(emulator(), "/search")).status, 502);
    assert.equal((await call(emulator(), "/_emulator/faults", { method: "DELETE" })).status, 204);
    assert.equal((await call(emulator(), "/search")).status, 200);
  });

  it("reject malformed fault specs with 400", async () => {
    for (const body of ["nope", { status: "500" }, { kind: "melt" }, { times: 0 }, { extra: 1 }]) {
      const answer = await call(emulator(), "/_emulator/faults", { method: "POST", body });
      assert.equal(answer.status, 400, JSON.stringify(body));
      assert.match((answer.json as { detail: string }).detail, /\w/);
    }
    assert.equal(emulator().faults.active.length, 0);
  });

  it("serve the state and replace it (drift from another process)", async () => {
    const state = (await call(emulator(), "/_emulator/state")).json as StateSnapshot;
    assert.equal(state.version, 2);
    assert.deepEqual(
      state.zones.map((z) => z.shieldZoneId),
      [1001, 1002, 1003],
    );
    const list = state.zones[1]?.customLists[0];
    assert.ok(list);
    list.isEnabled = !list.isEnabled;
    const put = await call(emulator(), "/_emulator/state", { method: "PUT", body: state });
    assert.equal(put.status, 204);
    assert.equal(
      emulator().state.accessList(1002, list.configurationId)?.isEnabled,
      list.isEnabled,
    );

    const bad = await call(emulator(), "/_emulator/state", { method: "PUT", body: { version: 3 } });
    assert.equal(bad.status, 400);
    assert.equal(emulator().state.zones().length, 3, "a bad snapshot changes nothing");
  });

  it("report stats", async () => {
    await patchList(emulator(), 1001, 100101, { action: 2 });
    const stats = (await call(emulator(), "/_emulator/stats")).json as Record<string, number>;
    assert.deepEqual(Object.keys(stats), ["connectionsOpened", "requests"]);
    assert.equal(stats.requests, 1);
    assert.ok((stats.connectionsOpened ?? 0) >= 1);
  });

  it("answer unknown admin paths with 404", async () => {
    assert.equal((await call(emulator(), "/_emulator/nothing")).status, 404);
  });
});
