/**
 * `client.accessLists` (and the 0.1.0 flat methods `listAccessLists`,
 * `updateAccessListConfiguration`): against the emulator, compared with its state; the enums.
 */
import { strict as assert } from "node:assert";
import { AccessListCategory, type ShieldClient } from "../../src/client";
import { clientFor, useEmulator } from "./helpers";

describe("client: access list enums", () => {
  const emulator = useEmulator();
  let client: ShieldClient;
  before(() => {
    client = clientFor(emulator());
  });

  it("names the values this package knows as the package does", async () => {
    const enums = await client.accessLists.getEnums(1001);
    for (const [name, value] of Object.entries(AccessListCategory)) {
      assert.equal(enums.AccessListCategory?.[String(value)], name);
    }
    assert.equal(enums.AccessListAction?.["5"], "Bypass");
  });
});

describe("client: access lists", () => {
  const emu = useEmulator();
  let client: ShieldClient;
  before(() => {
    client = clientFor(emu());
  });
  beforeEach(() => emu().resetRequests());

  it("lists a zone's managed and custom lists as the state holds them", async () => {
    const lists = await client.listAccessLists(1001);
    const zone = emu().state.zone(1001)!;
    // A drifting service sends the dates with other types: the shown one then reads as
    // undefined, the unread one is kept as sent (a number, or [] for null).
    const shown = (held: typeof zone.managedLists) =>
      held.map((list) =>
        emu().drift
          ? { ...list, lastUpdated: undefined, updateFrequency: list.updateFrequency?.length ?? [] }
          : list,
      );
    assert.deepEqual(lists.managedLists, shown(zone.managedLists));
    assert.deepEqual(lists.customLists, shown(zone.customLists));
    assert.equal(lists.customListCount, zone.customLists.length);
    assert.equal(lists.error?.success, true);
    assert.deepEqual(
      emu().requests.map((r) => [r.method, r.path]),
      [["GET", "/shield/shield-zone/1001/access-lists"]],
    );
  });

  it("updates both fields, returns the service's answer and changes the state", async () => {
    const before = { ...emu().state.accessList(1001, 100102)! };
    assert.deepEqual([before.isEnabled, before.action], [false, 3]);
    const result = await client.updateAccessListConfiguration(1001, 100102, {
      isEnabled: true,
      action: 2,
    });
    assert.deepEqual(result, { isEnabled: true, action: 2 });
    const after = emu().state.accessList(1001, 100102)!;
    assert.deepEqual([after.isEnabled, after.action], [true, 2]);
    assert.notEqual(after.lastUpdated, before.lastUpdated);
    assert.equal(emu().requests.length, 1);
    const [request] = emu().requests;
    assert.equal(request.method, "PATCH");
    assert.equal(request.path, "/shield/shield-zone/1001/access-lists/configurations/100102");
    assert.deepEqual(request.body, { isEnabled: true, action: 2 });
    assert.match(request.headers["content-type"] ?? "", /^application\/json/);
    assert.equal(request.status, 200);
  });

  it("sends only the field given, so the other keeps its value", async () => {
    const result = await client.updateAccessListConfiguration(1002, 100204, { action: 5 });
    assert.deepEqual(result, { isEnabled: false, action: 5 });
    assert.deepEqual(emu().requests[0].body, { action: 5 });
    const list = emu().state.accessList(1002, 100204)!;
    assert.deepEqual([list.isEnabled, list.action], [false, 5]);

    await client.updateAccessListConfiguration(1002, 100204, { isEnabled: true });
    assert.deepEqual(emu().requests[1].body, { isEnabled: true });
    assert.deepEqual([list.isEnabled, list.action], [true, 5]);
  });

  it("reads back a change made behind its back (drift)", async () => {
    emu().state.accessList(1002, 100211)!.isEnabled = false;
    const lists = await client.listAccessLists(1002);
    const custom = lists.customLists.find((l) => l.configurationId === 100211);
    assert.equal(custom?.isEnabled, false);
  });
});
