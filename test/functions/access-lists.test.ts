import { strict as assert } from "node:assert";
import * as pulumi from "@pulumi/pulumi";
import { InvalidArgumentError, NotFoundError } from "../../src/client/errors";
import { getAccessLists, getAccessListsOutput } from "../../src/functions";
import { ACTION_NAMES } from "../support/action-names";
import { rejection, requestsTo, useEmulator } from "./helpers";

describe("functions: getAccessLists", () => {
  const ctx = useEmulator();

  it("lists managed and custom lists with enum names, by name and by category", async () => {
    const zone = ctx.emu.state.zone(1001)!;
    const result = await getAccessLists({ shieldZoneId: 1001 }, ctx.options);
    assert.equal(requestsTo(ctx.emu, "listAccessLists"), 1);
    assert.deepEqual(
      result.managedLists.map((l) => l.configurationId),
      zone.managedLists.map((l) => l.configurationId),
    );
    assert.deepEqual(
      result.customLists.map((l) => l.configurationId),
      zone.customLists.map((l) => l.configurationId),
    );
    const tor = zone.managedLists.find((l) => l.category === 8)!;
    assert.deepEqual(result.byCategory.TorExitNodes, {
      listId: tor.listId,
      configurationId: tor.configurationId,
      name: tor.name,
      type: "IP",
      category: "TorExitNodes",
      isEnabled: tor.isEnabled,
      action: ACTION_NAMES[tor.action],
      entryCount: tor.entryCount,
    });
    const custom = zone.customLists[0];
    assert.equal(result.byName[custom.name!].configurationId, custom.configurationId);
    assert.equal(result.byName[custom.name!].category, null, "custom lists have no category");
    assert.ok(
      Object.values(result.byCategory).every((l) => l.category !== "None"),
      "byCategory holds managed lists only",
    );
    assert.deepEqual(JSON.parse(JSON.stringify(result)), result);
  });

  it("keys lists named like what objects inherit as any other name", async () => {
    const [first, second] = ctx.emu.state.zone(1001)!.customLists;
    first!.name = "__proto__";
    second!.name = "constructor";
    const { byName } = await getAccessLists({ shieldZoneId: 1001 }, ctx.options);
    assert.ok(Object.hasOwn(byName, "__proto__"), "kept as a key");
    assert.equal(byName["__proto__"]!.configurationId, first!.configurationId);
    const inherited: string = "constructor";
    assert.equal(byName[inherited]!.configurationId, second!.configurationId);
    assert.equal(Object.getPrototypeOf(byName), Object.prototype);
  });

  it("refuses a bad zone before sending anything, and names an unknown one", async () => {
    await rejection(
      getAccessLists({ shieldZoneId: 0 }, ctx.options),
      InvalidArgumentError,
      "getAccessLists",
    );
    assert.equal(ctx.emu.requests.length, 0);
    await rejection(
      getAccessLists({ shieldZoneId: 999 }, ctx.options),
      NotFoundError,
      "getAccessLists for shield zone 999: ",
    );
  });

  it("as an Output: finds a configuration id by category", async () => {
    const lists = getAccessListsOutput({ shieldZoneId: Promise.resolve(1002) }, ctx.options);
    const id = await new Promise((resolve) =>
      lists.byCategory.TorExitNodes.configurationId.apply(resolve),
    );
    const tor = ctx.emu.state.zone(1002)!.managedLists.find((l) => l.category === 8)!;
    assert.equal(id, tor.configurationId);
    assert.ok(pulumi.Output.isInstance(lists));
  });
});
