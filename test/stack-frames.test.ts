/**
 * A program that fails prints its error as soon as one that fails before loading the package,
 * under cmd/run's handling (source-map-support, `util.inspect(err, { colors: true })`): the frames
 * of `@pulumi/pulumi`'s Output path no longer make Node 20.20's `util.inspect` loop
 * (nodejs/node#64011; see src/stack-frames.ts).
 */
import { strict as assert } from "node:assert";
import { spawn } from "node:child_process";
import * as path from "node:path";
import { inspect, stripVTControlCharacters } from "node:util";
import { inspectableStack, loopsInspect } from "../src/stack-frames";

const REPO = path.resolve(__dirname, "..");
const PROGRAM = path.join(__dirname, "fixtures", "failing-program.ts");

/** A call site that V8 writes as `text`. */
const site = (text: string) => ({ toString: () => text }) as unknown as NodeJS.CallSite;

describe("stack frames util.inspect can print", () => {
  const looping = [
    "    at applyHelperAsync (/p/node_modules/@pulumi/output.ts:516:25)",
    "    at async applyHelperAsync (/p/node_modules/@pulumi/output.ts:516:25)",
    "    at /p/node_modules/foo.js:1:1",
    "    at f (C:\\p\\node_modules\\@pulumi\\resource.ts:9:3)",
    "    at f (/p/node_modules/@pulumi/pulumi/node_modules/@grpc/index.ts:1:1)",
  ];
  const fine = [
    "    at applyHelperAsync (/p/node_modules/@pulumi/pulumi/output.js:327:25)",
    "    at f (/p/node_modules/pulumi-bunnynet-shield/src/functions/common.ts:213:5)",
    "    at f (C:\\p\\node_modules\\@pulumi\\pulumi\\output.js:327:25)",
    "    at f (/p/my_node_modules/x.js:1:1)",
    "    at f (/p/node_modules.js:1:1)",
    "    at processTicksAndRejections (node:internal/process/task_queues:95:5)",
  ];

  it("loopsInspect holds for a file right inside node_modules/ or node_modules/@scope/", () => {
    for (const line of looping) assert.equal(loopsInspect(line), true, line);
    for (const line of fine) assert.equal(loopsInspect(line), false, line);
  });

  it("Node's util.inspect prints with colors the lines loopsInspect passes", () => {
    for (const line of fine) {
      const error = new Error("boom");
      error.stack = `Error: boom\n${line}`;
      const printed = stripVTControlCharacters(inspect(error, { colors: true }));
      assert.ok(printed.includes(line.trim()), line);
    }
  });

  it("inspectableStack writes a looping frame as V8 does, and leaves the others", () => {
    const frames = [
      site("/p/index.ts:3:9"),
      site("async applyHelperAsync (/p/node_modules/@pulumi/pulumi/output.js:327:25)"),
      site("/p/node_modules/foo.js:1:1"),
    ];
    const stack = [
      "Error: lookup failed",
      "it came from node_modules/@pulumi/output.ts too", // the message's own line
      "    at /p/index.ts:3:9",
      "    at async applyHelperAsync (/p/node_modules/@pulumi/output.ts:516:25)",
      "    at /p/node_modules/foo.js:1:1", // V8 writes it no better: left
    ].join("\n");
    assert.equal(
      inspectableStack(stack, frames),
      stack.replace(
        "/p/node_modules/@pulumi/output.ts:516:25",
        "/p/node_modules/@pulumi/pulumi/output.js:327:25",
      ),
    );
    const unchanged = "Error: x\n    at /p/node_modules/a/b.js:1:1";
    assert.equal(inspectableStack(unchanged, [site("/p/node_modules/a/b.js:1:1")]), unchanged);
  });

  describe("a failing program (a child process handling its error as cmd/run does)", function () {
    this.timeout(300_000);
    /** How long a program may take to print its error once handled, before it is killed. */
    const KILL_AFTER_MS = 10_000;

    /** Runs the fixture; the delay from its handler getting the error to its exit. */
    function failingProgram(mode: "before" | "through") {
      const child = spawn(
        process.execPath,
        ["-r", "ts-node/register/transpile-only", PROGRAM, mode],
        {
          cwd: REPO,
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      let stdout = "";
      let stderr = "";
      let handledAt: number | undefined;
      let killer: NodeJS.Timeout | undefined;
      const loading = setTimeout(() => child.kill("SIGKILL"), 240_000);
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
        const handled = /handled (\d+)/.exec(stdout);
        if (handled && handledAt === undefined) {
          handledAt = Number(handled[1]);
          killer = setTimeout(() => child.kill("SIGKILL"), KILL_AFTER_MS);
        }
      });
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      return new Promise<{ code: number | null; delayMs: number; stderr: string }>(
        (resolve, reject) => {
          child.once("error", reject);
          child.once("close", (code) => {
            const closedAt = Date.now();
            clearTimeout(loading);
            clearTimeout(killer);
            if (handledAt === undefined) {
              reject(new Error(`the program did not get to its handler:\n${stdout}\n${stderr}`));
              return;
            }
            resolve({ code, delayMs: closedAt - handledAt, stderr });
          });
        },
      );
    }

    it("prints an error raised in the package's Output within 2 s, as fast as one raised before loading it", async () => {
      const before = await failingProgram("before");
      const through = await failingProgram("through");
      console.log(
        `        (printed in ${through.delayMs} ms through the package's Output, ` +
          `${before.delayMs} ms before loading it)`,
      );
      const killed = through.code === null ? " (killed, still at it)" : "";
      assert.ok(through.delayMs < 2_000, `printed within 2 s, not ${through.delayMs} ms${killed}`);
      const ratio = through.delayMs / Math.max(before.delayMs, 1);
      assert.ok(ratio <= 10, `${ratio.toFixed(1)}× the delay of a program failing before it`);
      for (const run of [before, through]) {
        assert.equal(run.code, 32, `exit code 32, "already shown":\n${run.stderr}`);
        // Printed with colors: the first inspection did not fail.
        assert.ok(run.stderr.includes("\u001b["), run.stderr);
      }
      assert.match(
        through.stderr,
        /InvalidArgumentError: getAccessLists: Invalid shieldZoneId: -1/,
      );
      assert.match(through.stderr, /applyHelperAsync/, "the stack goes through the Output's apply");
    });
  });
});
