/**
 * State files as an earlier emulator wrote them (fixtures/, written by the emulator before the
 * older features' state moved into their folders): each loads to the same state it did then.
 * And each settings feature's state and request body come from one declaration.
 */
import { strict as assert } from "node:assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { EmulatorState, type StateSnapshot } from "../../src/emulator";
import { FIELD } from "../../src/emulator/request-body";
import { ADDED_AFTER_VERSION_1 } from "../../src/emulator/snapshot";
import {
  bodyFieldOf,
  bodyFieldsOf,
  boolean,
  enumValue,
  text,
} from "../../src/emulator/snapshot-values";
import { call, useEmulator } from "./helpers";

const fixture = (name: string): StateSnapshot =>
  JSON.parse(readFileSync(join(__dirname, "fixtures", name), "utf8")) as StateSnapshot;

/**
 * `snapshot` without the fields features added after `known` was written: those version 1 did
 * not have (`ADDED_AFTER_VERSION_1`, from the features' state declarations) that `known` (or,
 * on a zone, its first zone) does not have either. What `known` has is compared as it is.
 */
function withoutFieldsAddedSince(snapshot: StateSnapshot, known: StateSnapshot): StateSnapshot {
  const knownZone = known.zones[0] ?? {};
  const later = (fields: readonly string[], of: object) => fields.filter((f) => !(f in of));
  const dropped = (record: object, fields: readonly string[]) =>
    Object.fromEntries(Object.entries(record).filter(([key]) => !fields.includes(key)));
  const zoneFields = later(ADDED_AFTER_VERSION_1.zone, knownZone);
  return {
    ...dropped(snapshot, later(ADDED_AFTER_VERSION_1.snapshot, known)),
    zones: snapshot.zones.map((zone) => dropped(zone, zoneFields)),
  } as StateSnapshot;
}

/** A snapshot without the bot catalogue, which the fixtures leave to the seed. */
function withoutCatalogue(snapshot: StateSnapshot): StateSnapshot {
  const { botCatalogue: _, ...rest } = snapshot;
  return rest;
}

describe("emulator: state files of earlier versions", () => {
  it("loads a version-2 file as it is: access lists, bot detection, the shield zone's settings and upload scanning", () => {
    const v2 = fixture("state-v2.json");
    const state = EmulatorState.fromJSON(v2);
    assert.deepEqual(withoutCatalogue(state.toJSON()), v2);
    assert.equal(state.zone(1001)!.botDetection.browserFingerprint.complexEnabled, null);
    assert.equal(state.zone(1002)!.uploadScanning.csamScanningMode, 1);
    assert.equal(state.zone(1002)!.settings.dDoSShieldSensitivity, 12);
    assert.equal(state.zoneByPullZone(77)?.shieldZoneId, 1003);
    assert.equal(
      state.customListContent(state.zone(1001)!, state.customList(1001, 1001011)!),
      "203.0.113.1\n203.0.113.2",
    );
  });

  it("loads a version-1 file as 0.2.0's emulator did: its bot detection kept, the rest of a zone from the seed", () => {
    const state = EmulatorState.fromJSON(fixture("state-v1.json"));
    const asV2 = fixture("state-v1-as-v2.json");
    assert.deepEqual(withoutFieldsAddedSince(state.toJSON(), asV2), asV2);
    assert.equal(state.zone(1001)!.botDetection.executionMode, 0, "version 1's, not the seed's");
    assert.equal(state.zone(1001)!.managedLists[0]!.action, 9, "version 1's, not the seed's");
  });

  it("refuses a version-1 file with a field version 2 added, and a version-2 zone without one it needs", () => {
    const v1 = fixture("state-v1.json") as unknown as { zones: Record<string, unknown>[] };
    v1.zones[0]!.uploadScanning = fixture("state-v2.json").zones[0]!.uploadScanning;
    assert.throws(() => EmulatorState.fromJSON(v1), /zones\.0: Unrecognized key: "uploadScanning"/);
    for (const field of [
      "managedLists",
      "customLists",
      "botDetection",
      "settings",
      "uploadScanning",
    ]) {
      const v2 = fixture("state-v2.json") as unknown as { zones: Record<string, unknown>[] };
      delete v2.zones[1]![field];
      assert.throws(() => EmulatorState.fromJSON(v2), new RegExp(`zones\\.1\\.${field}`), field);
    }
  });
});

describe("emulator: a settings feature's body fields come from its state's declaration", () => {
  const emulator = useEmulator({ strictBodies: true });

  // Each feature's state of one zone, written whole to another: every field the state holds is a
  // field the route accepts (strict bodies refuse any other), with the same type.
  const features = [
    {
      name: "upload scanning",
      path: "/shield/shield-zone/1001/upload-scanning",
      method: "PATCH",
      of: (s: EmulatorState) => s.zone(1001)!.uploadScanning,
      body: (value: object) => value,
      change: { isEnabled: false, csamScanningMode: 1, antivirusScanningMode: 2 },
    },
    {
      name: "bot detection",
      path: "/shield/shield-zone/1001/bot-detection",
      method: "PATCH",
      of: (s: EmulatorState) => s.zone(1001)!.botDetection,
      body: (value: object) => value,
      change: {
        executionMode: 0,
        requestIntegrity: { sensitivity: 1 },
        ipAddress: { sensitivity: 0 },
        browserFingerprint: { sensitivity: 3, aggression: 4, complexEnabled: null },
      },
    },
    {
      name: "the shield zone's settings",
      path: "/shield/shield-zone",
      method: "PATCH",
      of: (s: EmulatorState) => s.zone(1001)!.settings,
      body: (value: object) => ({ shieldZoneId: 1001, shieldZone: value }),
      change: {
        ...EmulatorState.seeded().zone(1002)!.settings,
        learningModeUntil: "2026-04-01T00:00:00.000Z",
        wafCustomRuleOrder: [3, 1],
        wafProfileId: null,
        wafEngineConfig: [{ name: "x", valueEncoded: null }],
        dDoSChallengeWindow: 60,
      },
    },
  ];
  for (const { name, path, method, of, body, change } of features) {
    it(`${name}: a PATCH of every field of the state sets it`, async () => {
      assert.notDeepEqual(of(emulator().state), change);
      const answer = await call(emulator(), path, { method, body: body(change) });
      assert.equal(answer.status, 200, answer.text);
      assert.deepEqual(of(emulator().state), change);
    });
  }

  it("derives a body field from each shared check, nullable, nested or in an array of objects", () => {
    const fields = bodyFieldsOf(
      z.strictObject({
        on: boolean,
        mode: enumValue.nullable(),
        nested: z.strictObject({ mode: enumValue }),
        pairs: z.array(z.strictObject({ name: text, value: text.nullable() })),
      }),
      { nullKeeps: ["on"] },
    );
    assert.deepEqual(fields.on, { ...FIELD.boolean, nullable: true }, "null keeps it");
    assert.deepEqual(fields.mode, { ...FIELD.enumValue, nullable: true });
    assert.deepEqual(fields.nested!.fields, { mode: FIELD.enumValue });
    assert.deepEqual(fields.pairs!.items, {
      name: FIELD.text,
      value: { ...FIELD.text, nullable: true },
    });
    const pairs = fields.pairs!.check!;
    assert.equal(pairs([{ name: "a", value: null }]), true);
    assert.equal(pairs([{ name: "a" }]), false, "every member is required");
    assert.equal(pairs({ name: "a", value: null }), false);
  });

  it("refuses a check it has no body field for, naming the field", () => {
    assert.throws(
      () => bodyFieldsOf(z.strictObject({ count: z.number() })),
      /state field 'count': declare it with the checks of snapshot-values\.ts/,
    );
    assert.throws(() => bodyFieldOf(z.array(z.number()), "list"), /'list'/);
  });
});
