/**
 * `client.accessLists` (and the 0.1.0 flat methods `listAccessLists`,
 * `updateAccessListConfiguration`): against the emulator, compared with its state; the enums;
 * and against a stub, what each call sends.
 */
import { strict as assert } from "node:assert";
import {
  AccessListCategory,
  type ShieldClient,
  InvalidArgumentError,
  NotFoundError,
} from "../../src/client";
import { clientFor, useEmulator, rejection, unchecked } from "./helpers";
import { accessListsBody, configurationBody, customAccessListBody, deletedBody } from "./answers";
import { useStub, sent } from "./stub";

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

describe("client: access lists", () => {
  const stub = useStub();
  let client: ShieldClient;
  before(() => {
    client = clientFor(stub());
  });

  it("lists with the counts and limits, and updates a configuration", async () => {
    stub().reply({ body: accessListsBody() }, { body: configurationBody() });
    const lists = await client.accessLists.list(1001);
    assert.equal(lists.customListLimit, 5);
    assert.equal(lists.customEntryCount, 12);
    assert.equal(lists.customLists[0].configurationId, 1012);
    const state = await client.accessLists.updateConfiguration(1001, 1012, { isEnabled: true });
    assert.deepEqual(state, { isEnabled: true, action: 2 });
    assert.deepEqual(sent(stub()), [
      ["GET", "/shield/shield-zone/1001/access-lists"],
      ["PATCH", "/shield/shield-zone/1001/access-lists/configurations/1012", { isEnabled: true }],
    ]);
  });

  it("gets, creates, updates and deletes a custom list", async () => {
    stub().reply(
      { body: customAccessListBody(12) },
      { body: customAccessListBody(13) },
      { body: customAccessListBody(13) },
      { body: deletedBody() },
    );
    const list = await client.accessLists.get(1001, 12);
    assert.equal(list.content, "10.0.0.0/8\n192.168.0.0/16");
    const created = await client.accessLists.create(1001, {
      name: "Office",
      type: 1,
      content: "10.0.0.0/8\r\n192.168.0.0/16",
    });
    assert.equal(created.id, 13);
    await client.accessLists.update(1001, 13, { content: "10.0.0.0/8", description: null });
    assert.equal(await client.accessLists.delete(1001, 13), undefined);
    assert.deepEqual(sent(stub()), [
      ["GET", "/shield/shield-zone/1001/access-lists/12"],
      [
        "POST",
        "/shield/shield-zone/1001/access-lists",
        { name: "Office", type: 1, content: "10.0.0.0/8\r\n192.168.0.0/16" },
      ],
      [
        "PATCH",
        "/shield/shield-zone/1001/access-lists/13",
        { content: "10.0.0.0/8", description: null },
      ],
      ["DELETE", "/shield/shield-zone/1001/access-lists/13"],
    ]);
  });

  it("reports a failed DELETE's envelope (the whole body) as the error it is", async () => {
    stub().reply({
      status: 200,
      body: {
        statusCode: 404,
        success: false,
        message: "Access list not found.",
        errorKey: "not_found.access_list",
      },
    });
    const error = await rejection(client.accessLists.delete(1001, 99), NotFoundError);
    assert.equal(error.errorKey, "not_found.access_list");
    assert.equal(error.envelopeStatus, 404);
    assert.equal(stub().requests.length, 1);
  });

  it("refuses bad lists before sending", async () => {
    const cases: Array<[Promise<unknown>, string]> = [
      [client.accessLists.get(1001, 0), "listId"],
      [client.accessLists.create(1001, unchecked({ name: "x", type: 1 })), "list.content"],
      [
        client.accessLists.create(1001, unchecked({ name: "x", type: 1.5, content: "" })),
        "list.type",
      ],
      [client.accessLists.create(1001, { name: "tab\there", type: 1, content: "" }), "list.name"],
      [
        client.accessLists.create(1001, { name: "x", type: 1, content: "bell\u0007" }),
        "list.content",
      ],
      [client.accessLists.update(1001, 12, {}), "change"],
      [client.accessLists.delete(unchecked("1001"), 12), "shieldZoneId"],
    ];
    for (const [call, argument] of cases) {
      assert.equal((await rejection(call, InvalidArgumentError)).argument, argument);
    }
    assert.equal(stub().requests.length, 0);
  });

  it("refuses names with control characters or bidirectional overrides, naming them", async () => {
    const cases: Array<[Promise<unknown>, string, RegExp]> = [
      [
        client.accessLists.create(1001, { name: "Office\u202etxt", type: 1, content: "" }),
        "list.name",
        /^Invalid list\.name: "Office\\u202etxt"; U\+202E \(right-to-left override\) is not allowed/,
      ],
      [
        client.accessLists.update(1001, 12, { description: "c1\u0085 \u2066x\u2069" }),
        "change.description",
        /U\+0085, U\+2066 \(left-to-right isolate\) and U\+2069 \(pop directional isolate\) are not allowed/,
      ],
    ];
    for (const [call, argument, message] of cases) {
      const error = await rejection(call, InvalidArgumentError);
      assert.equal(error.argument, argument);
      assert.match(error.message, message);
    }
    assert.equal(stub().requests.length, 0);
  });
});
