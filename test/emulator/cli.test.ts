import { strict as assert } from "node:assert";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { parseCommandLine, UsageError } from "../../src/emulator/cli-args";

const REPO = resolve(__dirname, "../..");
const CLI = join(REPO, "src/emulator/cli.ts");

interface Ready {
  url: string;
  apiKey: string;
  pid: number;
}

/** Runs the CLI through ts-node (no build needed). */
function run(args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ["-r", "ts-node/register/transpile-only", CLI, ...args], {
    cwd: REPO,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolveLine, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once("line", (line) => {
      lines.close();
      resolveLine(line);
    });
    child.once("exit", (code) => reject(new Error(`CLI exited with ${code} before it was ready`)));
  });
}

function exited(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolveExit) => child.once("exit", (code) => resolveExit({ code, stderr })));
}

describe("emulator: CLI", function () {
  this.timeout(20_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "shield-emulator-cli-"));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("prints its address, serves the API, and saves state on SIGTERM", async () => {
    const stateFile = join(dir, "state.json");
    const readyFile = join(dir, "ready.json");
    const child = run([
      "--port",
      "0",
      "--api-key",
      "cli-key",
      "--state-file",
      stateFile,
      "--ready-file",
      readyFile,
    ]);
    const exit = exited(child);
    try {
      const ready = JSON.parse(await firstLine(child)) as Ready;
      assert.match(ready.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.equal(ready.apiKey, "cli-key");
      assert.equal(ready.pid, child.pid);
      assert.deepEqual(JSON.parse(readFileSync(readyFile, "utf8")), ready);

      const patch = await fetch(
        `${ready.url}/shield/shield-zone/1002/access-lists/configurations/100204`,
        {
          method: "PATCH",
          headers: { AccessKey: "cli-key", "Content-Type": "application/json" },
          body: JSON.stringify({ isEnabled: true, action: 2 }),
        },
      );
      assert.equal(patch.status, 200);
    } finally {
      child.kill("SIGTERM");
    }
    const { code, stderr } = await exit;
    assert.equal(code, 0, stderr);
    const saved = JSON.parse(readFileSync(stateFile, "utf8")) as {
      zones: { managedLists: { configurationId: number; isEnabled: boolean; action: number }[] }[];
    };
    const list = saved.zones[1]?.managedLists.find((l) => l.configurationId === 100204);
    assert.deepEqual([list?.isEnabled, list?.action], [true, 2]);
    assert.ok(!existsSync(readyFile), "the ready file is removed on exit");
  });

  it("takes the key from SHIELD_EMULATOR_API_KEY and stops on SIGINT", async () => {
    const child = run([], { SHIELD_EMULATOR_API_KEY: "env-key" });
    const exit = exited(child);
    try {
      const ready = JSON.parse(await firstLine(child)) as Ready;
      assert.equal(ready.apiKey, "env-key");
      const answer = await fetch(`${ready.url}/search`, { headers: { AccessKey: "env-key" } });
      assert.equal(answer.status, 200);
    } finally {
      child.kill("SIGINT");
    }
    assert.equal((await exit).code, 0);
  });

  it("exits 2 with a clear message for a bad flag", async () => {
    const { code, stderr } = await exited(run(["--bogus"]));
    assert.equal(code, 2);
    assert.match(stderr, /^shield-emulator: Unknown option '--bogus'\n/);
    assert.match(stderr, /Usage: shield-emulator/);
  });
});

describe("emulator: CLI arguments", () => {
  it("maps flags to emulator options", () => {
    const options = parseCommandLine([
      "--host=0.0.0.0",
      "--port",
      "8080",
      "--api-key",
      "k",
      "--state-file",
      "s.json",
      "--ready-file",
      "r.json",
      "--latency-ms",
      "5",
      "--zones",
      "20",
      "--event-log-page-size",
      "200",
    ]);
    assert.deepEqual(options, {
      readyFile: "r.json",
      emulator: {
        host: "0.0.0.0",
        port: 8080,
        apiKey: "k",
        stateFile: "s.json",
        latencyMs: 5,
        eventLogPageSize: 200,
        seed: { zones: 20 },
        drift: false,
        zoneWriteConflicts: true,
        strictBodies: false,
      },
    });
  });

  it("refuses unknown request properties only with --strict-bodies", () => {
    const strict = (args: string[]) => {
      const options = parseCommandLine(args);
      assert.ok(options !== "help");
      return options.emulator.strictBodies;
    };
    assert.equal(strict([]), false);
    assert.equal(strict(["--strict-bodies"]), true);
  });

  it("turns drift on with --drift or SHIELD_EMULATOR_DRIFT=1, and write conflicts off", () => {
    const drift = (args: string[], env = {}) => {
      const options = parseCommandLine(args, env);
      assert.ok(options !== "help");
      return [options.emulator.drift, options.emulator.zoneWriteConflicts];
    };
    assert.deepEqual(drift(["--drift"]), [true, true]);
    assert.deepEqual(drift([], { SHIELD_EMULATOR_DRIFT: "1" }), [true, true]);
    assert.deepEqual(drift([], { SHIELD_EMULATOR_DRIFT: "0" }), [false, true]);
    assert.deepEqual(drift(["--no-write-conflicts"]), [false, false]);
  });

  it("prefers --api-key over SHIELD_EMULATOR_API_KEY, and that over a random key", () => {
    const env = { SHIELD_EMULATOR_API_KEY: "from-env" };
    const withFlag = parseCommandLine(["--api-key", "flag"], env);
    const fromEnv = parseCommandLine([], env);
    const random = parseCommandLine([], { SHIELD_EMULATOR_API_KEY: "" });
    assert.ok(withFlag !== "help" && fromEnv !== "help" && random !== "help");
    assert.equal(withFlag.emulator.apiKey, "flag");
    assert.equal(fromEnv.emulator.apiKey, "from-env");
    assert.equal(random.emulator.apiKey, undefined);
    assert.equal(parseCommandLine(["-h"]), "help");
  });

  for (const args of [
    ["--bogus"],
    ["--port", "http"],
    ["--port", "70000"],
    ["--latency-ms", "-5"],
    ["--zones", "1e3"],
    ["--api-key", ""],
    ["--port"],
    ["extra"],
  ]) {
    it(`rejects ${JSON.stringify(args.join(" "))} with a UsageError`, () => {
      assert.throws(() => parseCommandLine(args), UsageError);
    });
  }
});
