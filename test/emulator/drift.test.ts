import { strict as assert } from "node:assert";
import { driftBody } from "../../src/emulator/drift";
import { call, useEmulator } from "./helpers";

type Json = Record<string, unknown>;

describe("emulator: drift mode", () => {
  const emulator = useEmulator({ drift: true });

  it("adds fields the spec does not have to every object, at every depth", async () => {
    const { status, json } = await call(emulator(), "/shield/shield-zone/1001/access-lists");
    assert.equal(status, 200);
    const body = json as Json;
    const list = (body.managedLists as Json[])[0]!;
    for (const object of [body, body.error as Json, list]) {
      assert.ok("addedBySinceSpec" in object, JSON.stringify(object));
      const added = object.addedObjectSinceSpec as { nested: { items: Json[] } };
      assert.equal(added.nested.items[0]!.key, "value");
    }
    // What clients read is still there, with its type.
    assert.equal(typeof list.configurationId, "number");
    assert.equal(typeof list.isEnabled, "boolean");
  });

  it("sends the fields clients do not read with another JSON type", async () => {
    const { json } = await call(emulator(), "/shield/shield-zone/1001/access-lists");
    const list = ((json as Json).managedLists as Json[])[0]!;
    assert.equal(typeof list.updateFrequency, "number");
    assert.equal(typeof list.lastUpdated, "number");
  });

  it("serves enum values outside the published lists that a test put in the state", async () => {
    emulator().state.zone(1001)!.managedLists[0]!.action = 9;
    const { json } = await call(emulator(), "/shield/shield-zone/1001/access-lists");
    assert.equal(((json as Json).managedLists as Json[])[0]!.action, 9);
  });

  it("is switched through the admin route and the emulator's property", async () => {
    assert.deepEqual((await call(emulator(), "/_emulator/drift")).json, { enabled: true });
    const off = await call(emulator(), "/_emulator/drift", {
      method: "PUT",
      body: { enabled: false },
    });
    assert.equal(off.status, 204);
    assert.equal(emulator().drift, false);
    const plain = (await call(emulator(), "/shield/shield-zone/1001/bot-detection")).json as Json;
    assert.ok(!("addedBySinceSpec" in plain));
    const bad = await call(emulator(), "/_emulator/drift", { method: "PUT", body: { on: 1 } });
    assert.equal(bad.status, 400);
    emulator().drift = true;
    const drifting = (await call(emulator(), "/shield/shield-zone/1001/bot-detection")).json;
    assert.ok("addedBySinceSpec" in (drifting as Json));
  });

  it('keeps every key of an answer as data, a user\'s "__proto__" included', () => {
    const body = JSON.parse('{"data": {"__proto__": "kept", "constructor": 1}}') as Json;
    const drifted = driftBody(body, { maps: ["data"] }) as Json;
    assert.deepEqual(Object.keys(drifted.data as Json), ["__proto__", "constructor"]);
    assert.equal(JSON.stringify(drifted.data), '{"__proto__":"kept","constructor":1}');
  });

  it("leaves error answers that are not JSON objects alone", async () => {
    const { status, json } = await call(emulator(), "/shield/nothing-here");
    assert.equal(status, 404);
    assert.equal((json as Json).status, 404);
  });
});
