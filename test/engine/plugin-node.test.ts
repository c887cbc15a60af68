/**
 * The provider plugin under the real Pulumi CLI, from the example stack (examples/index.ts) on
 * the generated Node.js SDK (sdk/nodejs): the program's text with its import changed to the
 * SDK's package, and one argument the SDK types differently (below), run through the Automation
 * API in inline mode as scripts/stack.ts runs it today, against a fresh emulator: `up`, a
 * preview with no change, `destroy` back to the emulator's first state. The engine finds
 * `pulumi-resource-bunnynet-shield` on `PATH` (bin/, which runs the sources here).
 *
 * The SDK is built with its own tsconfig into the program's node_modules, beside a link to this
 * repository's @pulumi/pulumi: the program, the SDK and the Automation API share that copy.
 * Needs the CLI (scripts/pulumi-cli.sh). Pending without it.
 */
import { strict as assert } from "node:assert";
import { execFile } from "node:child_process";
import {
  copyFile,
  mkdir,
  mkdtemp,
  readFile,
  rm,
  symlink,
  unlink,
  writeFile,
} from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import type * as automation from "@pulumi/pulumi/automation";
import { failureText, openStack } from "../../scripts/stack";
import { inlineProgram } from "../../src/automation/inline-program";
import { type Emulator, EmulatorState, startEmulator } from "../../src/emulator";
import { findCli } from "../support/cli-stack";
import { comparableState } from "../support/comparable-state";
import { changedExample } from "../support/example-run";
import { REPO } from "../support/packed-package";

const run = promisify(execFile);
const SDK = path.join(REPO, "sdk", "nodejs");
const SDK_PACKAGE = "pulumi-bunnynet-shield-sdk";
const STACK = "plugin-node";
const ZONE = 1001;

/** What the example's text becomes on the SDK: its import, nothing else. */
const CHANGES = [['from "pulumi-bunnynet-shield";', `from "${SDK_PACKAGE}";`]] as const;

/** Every resource the example declares (the stack itself aside). */
const RESOURCES = 11;

/** Runs `step`, logging how long it took. */
async function timed<T>(name: string, step: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await step();
  } finally {
    console.log(`      ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

describe("the provider plugin under the Pulumi CLI: the example stack on the Node.js SDK", function () {
  this.timeout(600_000);
  let work: string;
  let programFile: string;
  let emu: Emulator;
  let stack: automation.Stack;

  /** Fails with the CLI's own error lines rather than the Automation API's wrapping. */
  const cli = <T>(name: string, step: () => Promise<T>): Promise<T> =>
    timed(name, step).catch((error: unknown) => assert.fail(`${name}: ${failureText(error)}`));

  before(async function () {
    const cliRoot = findCli();
    if (!cliRoot) {
      console.log("      Pulumi CLI not found: run scripts/pulumi-cli.sh. This suite is pending.");
      this.skip();
    }
    work = await mkdtemp(path.join(tmpdir(), "shield-plugin-node-"));
    // The SDK as its package.json's `build` makes it (tsc), with the package.json beside it as
    // Pulumi's SDKs are published; maps only slow the build.
    const modules = path.join(work, "node_modules");
    const installed = path.join(modules, SDK_PACKAGE);
    await timed("SDK build (tsc)", () =>
      run(
        path.join(REPO, "node_modules", ".bin", "tsc"),
        ["-p", SDK, "--outDir", installed, "--sourceMap", "false", "--declarationMap", "false"],
        { cwd: REPO },
      ),
    );
    await copyFile(path.join(SDK, "package.json"), path.join(installed, "package.json"));
    await symlink(path.join(REPO, "node_modules", "@pulumi"), path.join(modules, "@pulumi"), "dir");
    // The example with its files; its node_modules is ours, not the dynamic package's.
    programFile = await changedExample(work, "program", CHANGES);
    const programDir = path.dirname(programFile);
    await unlink(path.join(programDir, "node_modules"));
    await symlink(modules, path.join(programDir, "node_modules"), "dir");
    await writeFile(
      path.join(programDir, "Pulumi.yaml"),
      "name: shield-plugin-node\nruntime: nodejs\ndescription: the example on the plugin's SDK\n",
    );
    await mkdir(path.join(work, "backend"));
    emu = await startEmulator();
    stack = await openStack({
      programDir,
      stackName: STACK,
      cliRoot: cliRoot!,
      backendUrl: `file://${path.join(work, "backend")}`,
      env: {
        PATH: [path.join(REPO, "bin"), path.join(cliRoot!, "bin"), process.env.PATH].join(
          path.delimiter,
        ),
        PULUMI_HOME: path.join(work, "home"),
        PULUMI_CONFIG_PASSPHRASE: STACK,
      },
      // As scripts/stack.ts runs the example: loaded afresh for each command.
      program: inlineProgram(async () => {
        delete require.cache[programFile];
        return { ...(createRequire(programFile)(programFile) as Record<string, unknown>) };
      }),
    });
    await stack.setAllConfig({
      "bunnynet-shield:apiKey": { value: emu.apiKey, secret: true },
      "bunnynet-shield:apiUrl": { value: emu.url },
    });
  });

  after(async () => {
    await emu?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it("the example type-checks against the SDK with only those changes", async () => {
    // tsc of the repository with the program's own resolution: no path maps to src/.
    await timed("program type check", () =>
      run(
        path.join(REPO, "node_modules", ".bin", "tsc"),
        [
          "--noEmit",
          "--strict",
          "--target",
          "es2022",
          "--module",
          "commonjs",
          "--moduleResolution",
          "node",
          "--types",
          "node",
          "--typeRoots",
          path.join(REPO, "node_modules", "@types"),
          "--skipLibCheck",
          programFile,
        ],
        { cwd: path.dirname(programFile) },
      ).catch((error: { stdout?: string }) => assert.fail(`tsc: ${error.stdout}`)),
    );
  });

  it("up creates the whole zone as the plugin's resources, with the functions' outputs", async () => {
    const result = await cli("up", () => stack.up());
    assert.deepEqual(result.summary.resourceChanges, { create: RESOURCES + 1 });
    const outputs = Object.fromEntries(
      Object.entries(result.outputs).map(([name, output]) => [name, output.value]),
    ) as {
      zoneId: number;
      accessLists: { tor: { isEnabled: boolean } };
      officeList: { entries: number };
      aiScrapers: string[];
      wafProfiles: Record<string, number>;
      topTriggeredRules: string[];
    };
    assert.equal(outputs.zoneId, ZONE);
    assert.equal(outputs.accessLists.tor.isEnabled, true);
    assert.equal(outputs.officeList.entries, 2);
    assert.ok(outputs.aiScrapers.includes("GPTBot: Allow"), outputs.aiScrapers.join(", "));
    assert.equal(outputs.wafProfiles.WordPress, 3);
    assert.match(outputs.topTriggeredRules[0], /^\d+: \d+$/, outputs.topTriggeredRules.join(", "));
    const zone = emu.state.zone(ZONE)!;
    assert.ok(zone.customLists.some((list) => list.name === "Office"));
    assert.equal(zone.apiGuardian?.isEnabled, true);
    assert.match(zone.customPages?.block ?? "", /this request was blocked/);
    // The plugin's resources, not dynamic ones; the key, a secret config value, is not in the
    // state file (the Automation API's exportStack shows secrets, so the file itself is read).
    const state = await readFile(
      path.join(work, "backend", ".pulumi", "stacks", "shield-plugin-node", `${STACK}.json`),
      "utf8",
    );
    const { resources } = (
      JSON.parse(state) as { checkpoint: { latest: { resources: Array<{ type: string }> } } }
    ).checkpoint.latest;
    const types = resources
      .map((resource) => resource.type)
      .filter((type) => !type.startsWith("pulumi:"));
    assert.equal(types.length, RESOURCES, types.join(", "));
    for (const type of types) assert.match(type, /^bunnynet-shield:index:[A-Z]\w+$/);
    assert.ok(!state.includes(emu.apiKey), "the API key is not in the state file");
  });

  it("a preview right after has no change", async () => {
    const result = await cli("preview", () => stack.preview({ expectNoChanges: true }));
    assert.deepEqual(result.changeSummary, { same: RESOURCES + 1 });
  });

  it("destroy leaves the emulator as it first was", async () => {
    const result = await cli("destroy", () => stack.destroy());
    assert.deepEqual(result.summary.resourceChanges, { delete: RESOURCES + 1 });
    assert.deepEqual(
      comparableState(emu.state.toJSON()),
      comparableState(EmulatorState.seeded().toJSON()),
    );
  });
});
