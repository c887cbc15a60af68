import { strict as assert } from "node:assert";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EmulatorState, startEmulator, type StateSnapshot } from "../../src/emulator";
import { API_KEY, asVersion1, call, NOW, patchList } from "./helpers";

describe("emulator: state file", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "shield-emulator-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("saves changes made through the API and loads them in the next emulator", async () => {
    const stateFile = join(dir, "nested", "state.json");
    const first = await startEmulator({ apiKey: API_KEY, now: () => NOW, stateFile });
    try {
      assert.equal(
        (await patchList(first, 1001, 100102, { isEnabled: true, action: 1 })).status,
        200,
      );
      // Saved at once, before the answer, not only at close.
      const saved = JSON.parse(readFileSync(stateFile, "utf8")) as StateSnapshot;
      const list = saved.zones[0]?.managedLists.find((l) => l.configurationId === 100102);
      assert.deepEqual([list?.isEnabled, list?.action], [true, 1]);
      first.state.setEventLogVolume(1002, "03-14-2026", 7);
    } finally {
      await first.close();
    }
    assert.deepEqual(
      readdirSync(join(dir, "nested")),
      ["state.json"],
      "no temporary files left behind",
    );

    const second = await startEmulator({
      apiKey: API_KEY,
      now: () => NOW,
      stateFile,
      seed: { zones: 9 },
    });
    try {
      assert.deepEqual(second.state.accessList(1001, 100102), first.state.accessList(1001, 100102));
      assert.equal(second.state.zones().length, 3, "the file wins over seed options");
      assert.equal(second.state.eventLogVolume(1002, "03-14-2026"), 7, "saved at close");
      const body = (await call(second, "/shield/shield-zone/1001/access-lists")).json as {
        managedLists: { configurationId: number; isEnabled: boolean }[];
      };
      assert.equal(body.managedLists.find((l) => l.configurationId === 100102)?.isEnabled, true);
    } finally {
      await second.close();
    }
  });

  it("saves and reloads shield zones, bot detection and upload scanning", async () => {
    const stateFile = join(dir, "state.json");
    const first = await startEmulator({ apiKey: API_KEY, now: () => NOW, stateFile });
    try {
      const patch = (path: string, body: unknown) => call(first, path, { method: "PATCH", body });
      const answers = [
        await patch("/shield/shield-zone", {
          shieldZoneId: 1001,
          shieldZone: { wafEnabled: null, wafLogOnlyRules: ["913100"], planType: 2 },
        }),
        await patch("/shield/shield-zone/1001/bot-detection", { ipAddress: { sensitivity: 0 } }),
        await patch("/shield/shield-zone/1001/upload-scanning", { isEnabled: false }),
        await call(first, "/shield/shield-zone", { method: "POST", body: { pullZoneId: 88 } }),
      ];
      assert.deepEqual(
        answers.map((a) => a.status),
        [200, 200, 200, 200],
      );
      const saved = JSON.parse(readFileSync(stateFile, "utf8")) as StateSnapshot;
      assert.equal(saved.version, 2);
      assert.equal(saved.zones.find((z) => z.pullZoneId === 88)?.shieldZoneId, 1004);
    } finally {
      await first.close();
    }
    const second = await startEmulator({ apiKey: API_KEY, now: () => NOW, stateFile });
    try {
      assert.deepEqual(second.state.toJSON(), first.state.toJSON());
      const zone = second.state.zone(1001);
      assert.deepEqual(
        [zone?.planType, zone?.settings.wafEnabled, zone?.settings.wafLogOnlyRules],
        [2, null, ["913100"]],
      );
      assert.equal(zone?.botDetection.ipAddress.sensitivity, 0);
      assert.equal(zone?.uploadScanning.isEnabled, false);
      assert.equal(second.state.zoneByPullZone(88)?.shieldZoneId, 1004);
    } finally {
      await second.close();
    }
  });

  it("loads a version-1 state file, with seeded shield zone fields", async () => {
    const stateFile = join(dir, "state.json");
    writeFileSync(stateFile, JSON.stringify(asVersion1(EmulatorState.seeded().toJSON())));
    const emulator = await startEmulator({ apiKey: API_KEY, now: () => NOW, stateFile });
    try {
      const answer = await call(emulator, "/shield/shield-zone/get-by-pullzone/501002");
      assert.equal(answer.status, 200);
      assert.deepEqual(emulator.state.toJSON(), EmulatorState.seeded().toJSON());
    } finally {
      await emulator.close();
    }
  });

  it("refuses to start on a corrupt or invalid state file", async () => {
    const stateFile = join(dir, "state.json");
    writeFileSync(stateFile, "{not json");
    await assert.rejects(startEmulator({ stateFile }), /not valid JSON/);
    writeFileSync(stateFile, JSON.stringify({ version: 1, zones: "none" }));
    await assert.rejects(startEmulator({ stateFile }), /Invalid emulator state: .*zones/);
  });
});
