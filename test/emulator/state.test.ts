import { strict as assert } from "node:assert";
import { EmulatorState, planForZone } from "../../src/emulator";
import { asVersion1 } from "./helpers";

describe("emulator: state and seed", () => {
  it("seeds zones 1001.. with 4 managed and 2 custom lists each (1 on Basic, its limit), deterministically", () => {
    const state = EmulatorState.seeded();
    assert.deepEqual(
      state.zones().map((z) => [z.shieldZoneId, z.planType]),
      [
        [1001, 1],
        [1002, 1],
        [1003, 0],
      ],
    );
    for (const zone of state.zones()) {
      const id = zone.shieldZoneId;
      assert.deepEqual(
        zone.managedLists.map((l) => l.configurationId),
        [1, 2, 3, 4].map((n) => id * 100 + n),
      );
      assert.deepEqual(
        zone.customLists.map((l) => l.configurationId),
        (zone.planType === 0 ? [11] : [11, 12]).map((n) => id * 100 + n),
      );
    }
    const listIds = state
      .zones()
      .flatMap((z) => [...z.managedLists, ...z.customLists].map((l) => l.listId));
    assert.equal(new Set(listIds).size, listIds.length, "listIds are distinct");
    assert.deepEqual(EmulatorState.seeded().toJSON(), state.toJSON());
    assert.equal(state.searchItems.length, 60);
    assert.equal(new Set(state.searchItems.map((i) => i.name)).size, 60);
  });

  it("honours seed sizes", () => {
    const state = EmulatorState.seeded({ zones: 1, searchItems: 7, eventLogsPerDay: 3 });
    assert.equal(state.zones().length, 1);
    assert.equal(state.searchItems.length, 7);
    assert.equal(state.eventLogVolume(1001, "03-15-2026"), 3);
    assert.throws(() => EmulatorState.seeded({ zones: -1 }), RangeError);
  });

  it("adds zones with continuing ids and the same plan pattern", () => {
    const state = EmulatorState.seeded();
    const added = state.addZones(17);
    assert.deepEqual(
      added.map((z) => z.shieldZoneId),
      Array.from({ length: 17 }, (_, i) => 1004 + i),
    );
    assert.equal(state.zone(1006)?.planType, 0);
    assert.equal(state.zone(1007)?.planType, 1);
    assert.equal(planForZone(1020), 1);
    const custom = state.addZone({ shieldZoneId: 5000, planType: 3 });
    assert.equal(custom.planType, 3);
    assert.equal(state.addZone().shieldZoneId, 5001);
    assert.throws(() => state.addZone({ shieldZoneId: 5000 }), /already exists/);
    assert.ok(state.removeZone(5001));
    assert.equal(state.zone(5001), undefined);
  });

  it("finds, mutates and removes access lists", () => {
    const state = EmulatorState.seeded();
    const list = state.accessList(1002, 100211);
    assert.equal(list?.name, "Office IPs");
    assert.equal(state.accessList(1002, 100111), undefined, "other zone's id");
    assert.equal(state.accessList(9, 100211), undefined);
    assert.ok(state.removeAccessList(1002, 100211));
    assert.ok(!state.removeAccessList(1002, 100211));
    assert.equal(state.accessList(1002, 100211), undefined);
  });

  it("keeps event-log volume overrides per zone and UTC day", () => {
    const state = EmulatorState.seeded();
    state.setEventLogVolume(1001, "03-14-2026", 12);
    state.setEventLogVolume(1001, new Date("2026-03-13T23:59:59Z"), 5);
    assert.equal(state.eventLogVolume(1001, "03-14-2026"), 12);
    assert.equal(state.eventLogVolume(1001, "03-13-2026"), 5);
    assert.equal(state.eventLogVolume(1002, "03-14-2026"), 250);
    assert.throws(() => state.setEventLogVolume(1001, "2026-03-14", 1), RangeError);
    assert.throws(() => state.setEventLogVolume(1001, "02-30-2026", 1), RangeError);
    assert.throws(() => state.setEventLogVolume(1001, "03-14-2026", -1), RangeError);
  });

  it("round-trips through JSON and reloads in place", () => {
    const state = EmulatorState.seeded();
    state.addZones(2);
    state.setEventLogVolume(1004, "03-14-2026", 99);
    state.accessList(1001, 100101)!.isEnabled = false;
    const json = JSON.parse(JSON.stringify(state)) as unknown;
    const copy = EmulatorState.fromJSON(json);
    assert.deepEqual(copy.toJSON(), state.toJSON());

    const target = EmulatorState.seeded({ zones: 1 });
    const zoneBefore = target.zone(1001);
    target.load(json);
    assert.equal(target.zones().length, 5);
    assert.notEqual(target.zone(1001), zoneBefore);
    assert.equal(target.eventLogVolume(1004, "03-14-2026"), 99);
  });

  it("rejects malformed snapshots with the path of each problem", () => {
    const json = EmulatorState.seeded().toJSON() as unknown as {
      zones: { managedLists: { action: number }[] }[];
    };
    json.zones[0]!.managedLists[0]!.action = -1;
    assert.throws(() => EmulatorState.fromJSON(json), /zones\.0\.managedLists\.0\.action/);
    // A value the spec does not list is kept: the service adds values, and tests use them.
    json.zones[0]!.managedLists[0]!.action = 9;
    assert.equal(EmulatorState.fromJSON(json).zone(1001)!.managedLists[0]!.action, 9);
    assert.throws(
      () => EmulatorState.fromJSON({ ...EmulatorState.seeded().toJSON(), extra: 1 }),
      /extra|Unrecognized/i,
    );
  });
  it("gives every zone a unique pull zone, found by its id", () => {
    const state = EmulatorState.seeded();
    assert.deepEqual(
      state.zones().map((z) => z.pullZoneId),
      [501001, 501002, 501003],
    );
    assert.equal(state.zoneByPullZone(501002)?.shieldZoneId, 1002);
    assert.equal(state.zoneByPullZone(1002), undefined);
    assert.equal(state.addZone({ pullZoneId: 77 }).pullZoneId, 77);
    assert.throws(() => state.addZone({ pullZoneId: 77 }), /already has a shield zone/);
    assert.throws(() => state.addZone({ pullZoneId: -1 }), RangeError);
  });

  it("loads version-1 snapshots, filling what version 1 lacked (the shield zone fields, any seeded feature) from the seed", () => {
    const seeded = EmulatorState.seeded();
    const v1 = asVersion1(seeded.toJSON());
    assert.deepEqual(EmulatorState.fromJSON(v1).toJSON(), seeded.toJSON());
    v1.zones[0]!.settings = seeded.zone(1001)!.settings;
    assert.throws(() => EmulatorState.fromJSON(v1), /zones\.0/, "v1 has no settings");
  });

  it("keeps unknown enum values and rejects bad types in the shield zone fields", () => {
    const json = EmulatorState.seeded().toJSON();
    json.zones[0]!.settings.dDoSShieldSensitivity = 12;
    json.zones[0]!.uploadScanning.csamScanningMode = 9;
    const state = EmulatorState.fromJSON(json);
    assert.equal(state.zone(1001)!.settings.dDoSShieldSensitivity, 12);
    assert.equal(state.zone(1001)!.uploadScanning.csamScanningMode, 9);
    json.zones[1]!.settings.wafExecutionMode = -1;
    (json.zones[1]!.uploadScanning as { isEnabled: unknown }).isEnabled = "yes";
    assert.throws(
      () => EmulatorState.fromJSON(json),
      /zones\.1\.settings\.wafExecutionMode.*zones\.1\.uploadScanning\.isEnabled/,
    );
    const twice = EmulatorState.seeded().toJSON();
    (twice.zones[1] as { pullZoneId: number }).pullZoneId = twice.zones[0]!.pullZoneId;
    assert.throws(() => EmulatorState.fromJSON(twice), /duplicate pullZoneId/);
  });
});
