/**
 * The README's main job, `npm run example`, as a user runs it: the example stack (a complete
 * zone) up against the bundled emulator process, a preview with nothing to do, and destroy
 * back to the emulator's first state (priors restored, owned objects gone).
 */
import { strict as assert } from "node:assert";
import { execFile } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { EmulatorState, startEmulator } from "../../src/emulator";
import type { StateSnapshot } from "../../src/emulator/state";
import { findCli } from "../support/cli-stack";
import { comparableState } from "../support/comparable-state";
import { changedExample, runExample } from "../support/example-run";

const run = promisify(execFile);
const ZONE = 1001;

describe("the example stack (npm run example)", function () {
  this.timeout(900_000);
  let work: string;
  let stateFile: string;

  const runs = (command: string, programFile?: string) =>
    runExample(
      { work, stateFile, passphrase: "example-test" },
      command,
      "example-test",
      programFile,
    );
  const example = (command: string) => runs(command);
  const snapshot = async (): Promise<StateSnapshot> =>
    EmulatorState.fromJSON(JSON.parse(await readFile(stateFile, "utf8"))).toJSON();
  const zoneInState = async () => (await snapshot()).zones.find((z) => z.shieldZoneId === ZONE)!;

  before(async function () {
    if (!findCli()) {
      console.log("      Pulumi CLI not found: run scripts/pulumi-cli.sh. This suite is pending.");
      this.skip();
    }
    work = await mkdtemp(path.join(tmpdir(), "shield-example-"));
    await run("mkdir", ["-p", path.join(work, "backend")]);
    stateFile = path.join(work, "emulator", "state.json");
  });

  let created = 0;
  it("up creates the whole zone and prints the functions' outputs", async () => {
    const stdout = await example("up");
    created = Number(/\+ (\d+) created/.exec(stdout)?.[1]);
    assert.equal(created, 12, `resources created: ${created}\n${stdout.slice(-3000)}`);
    const outputs = JSON.parse(stdout.slice(stdout.lastIndexOf("\n{\n") + 1)) as {
      zoneId: number;
      accessLists: { tor: { isEnabled: boolean } };
      officeList: { entries: number };
      searchHits: unknown;
      aiScrapers: string[];
      wafBlockedToday: number;
      blockedLastHourByCountry: Record<string, number>;
      topTriggeredRules: string[];
      wafProfiles: Record<string, number>;
      botChallenges28Days: number;
      overageThisMonth: number;
    };
    assert.equal(outputs.zoneId, ZONE);
    assert.equal(outputs.accessLists.tor.isEnabled, true);
    assert.equal(outputs.officeList.entries, 2);
    assert.ok(Array.isArray(outputs.searchHits));
    assert.ok(outputs.aiScrapers.includes("GPTBot: Allow"), outputs.aiScrapers.join(", "));
    assert.equal(typeof outputs.wafBlockedToday, "number");
    assert.equal(typeof outputs.blockedLastHourByCountry, "object");
    assert.match(outputs.topTriggeredRules[0], /^\d+: \d+$/, outputs.topTriggeredRules.join(", "));
    assert.equal(outputs.wafProfiles.WordPress, 3);
    assert.equal(typeof outputs.botChallenges28Days, "number");
    assert.equal(typeof outputs.overageThisMonth, "number");
    const zone = await zoneInState();
    assert.ok(zone.customLists.some((l) => l.name === "Office"));
    assert.equal(zone.apiGuardian?.isEnabled, true);
    assert.match(zone.customPages?.block ?? "", /this request was blocked/);
  });

  it("a preview right after has nothing to do", async () => {
    const stdout = await example("preview");
    assert.match(stdout, new RegExp(`${created} unchanged`));
    assert.doesNotMatch(stdout, /to (create|update|replace|delete)/);
  });

  it("a lookup that fails stops preview and up: nothing deleted, nothing written", async () => {
    // The managed lists' lookup pointed at a closed port: it fails as a network fault would.
    const failing = await changedExample(work, "failing-lookup", [
      [
        "getAccessListsOutput({ shieldZoneId })",
        'getAccessListsOutput({ shieldZoneId }, { apiUrl: "http://127.0.0.1:9", maxRetries: 0 })',
      ],
    ]);
    const before = comparableState(await snapshot());
    for (const command of ["preview", "up"]) {
      const failure = await runs(command, failing).then(
        () => assert.fail(`${command} succeeded though the lookup failed`),
        // What the run printed, and the error it ended with (on standard error).
        (error: { stdout?: string; stderr?: string }) => `${error.stdout}\n${error.stderr}`,
      );
      assert.match(failure, /getAccessLists for shield zone 1001/, failure.slice(-3000));
      // inlineProgram's own message says "nothing … was deleted": no other line may.
      const steps = failure.replaceAll("nothing that failed to register was deleted", "");
      assert.doesNotMatch(steps, /delet/i, `${command} deletes nothing:\n${failure.slice(-3000)}`);
    }
    assert.deepEqual(comparableState(await snapshot()), before, "no write reached the service");
    const stdout = await example("preview");
    assert.match(stdout, new RegExp(`${created} unchanged`));
  });

  it("shows the bot detection mode this run set, not the one before", async () => {
    // An emulator of this process, whose bot-detection writes answer late: a lookup that does
    // not wait for BotDetection reads the mode before it.
    const emu = await startEmulator();
    try {
      emu.state.zone(ZONE)!.botDetection.executionMode = 0; // LogOnly; the example sets Challenge
      emu.faults.add({ route: "updateBotDetection", latencyMs: 1500, times: Infinity });
      const target = { apiKey: emu.apiKey, apiUrl: emu.url };
      const stdout = await runExample(
        { work, stateFile, passphrase: "example-test" },
        "up",
        "example-bots",
        undefined,
        [],
        target,
      );
      const outputs = JSON.parse(stdout.slice(stdout.lastIndexOf("\n{\n") + 1)) as {
        botDetectionMode: string;
      };
      assert.equal(outputs.botDetectionMode, "Challenge");
    } finally {
      await emu.close();
    }
  });

  it("destroy leaves the emulator as it first was", async () => {
    const stdout = await example("destroy");
    assert.match(stdout, new RegExp(`- ${created} deleted`));
    assert.deepEqual(
      comparableState(await snapshot()),
      comparableState(EmulatorState.seeded().toJSON()),
    );
  });
});
