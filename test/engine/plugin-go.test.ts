/**
 * The provider plugin under the real Pulumi CLI, from a Go program on the generated Go SDK
 * (sdk/go): test/engine/go-program, driven through the Go Automation API as an inline program
 * (no Go language host), declares a zone, a WAF rule, an access list and the Tor list's
 * configuration (found by `GetAccessListsOutput`, which takes the zone's `IntOutput` id) against a fresh
 * emulator, through `up`, a preview with no change, a changed program whose preview fails that
 * check, and `destroy`. The engine finds `pulumi-resource-bunnynet-shield` on `PATH` (bin/,
 * which runs the sources here); the address is the stack's `bunnynet-shield:apiUrl`, the key
 * `BUNNYNET_API_KEY`.
 *
 * Needs the CLI (scripts/pulumi-cli.sh) and Go; the program is built with the module and build
 * caches of scripts/sdk.sh (its go.sum is complete: `-mod=readonly`). Pending without them.
 */
import { strict as assert } from "node:assert";
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { AccessListCategory } from "../../src/client/enums";
import { type Emulator, startEmulator } from "../../src/emulator";
import { runToEnd } from "../support/child-process";
import { findCli } from "../support/cli-stack";
import { REPO } from "../support/packed-package";
import { goEnv } from "../../scripts/go-env";

const PROGRAM = path.join(REPO, "test", "engine", "go-program");
const ZONE = 1002;

/** What a command of the program ended with, and the change summary it printed last. */
interface Run {
  code: number | null;
  output: string;
  summary: Record<string, number>;
}

describe("the provider plugin under the Pulumi CLI: a Go program on the Go SDK", function () {
  this.timeout(600_000);
  let dir: string;
  let binary: string;
  let emu: Emulator;
  let env: NodeJS.ProcessEnv;
  let torBefore: { isEnabled: boolean; action: number };

  /** Runs `go-program <command>`; `extra` adds to its environment. */
  async function program(command: string, extra: NodeJS.ProcessEnv = {}): Promise<Run> {
    const started = Date.now();
    const { code, stdout, stderr } = await runToEnd(binary, [command], {
      env: { ...env, ...extra },
    });
    console.log(`      go-program ${command}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const last = stdout.trim().split("\n").pop() ?? "";
    const summary = code === 0 ? (JSON.parse(last) as Record<string, number>) : {};
    return { code, output: `${stdout}\n${stderr}`, summary };
  }

  /** Runs `go-program <command>`, which must succeed. */
  async function succeeds(command: string): Promise<Run> {
    const result = await program(command);
    assert.equal(result.code, 0, `go-program ${command} failed:\n${result.output}`);
    return result;
  }

  const ruleNamed = () =>
    [...emu.state.rules.wafCustomRules.values()].find((rule) => rule.ruleName === "go rule");
  const listNamed = () => emu.state.zone(ZONE)!.customLists.find((list) => list.name === "go list");
  const torList = () =>
    emu.state
      .zone(ZONE)!
      .managedLists.find((list) => list.category === AccessListCategory.TorExitNodes)!;
  const listEntries = () => {
    const list = listNamed();
    return list && emu.state.zone(ZONE)!.customListContents?.[list.listId]?.split("\n").sort();
  };

  before(async function () {
    const cliRoot = findCli();
    const go = spawnSync("go", ["version"], { encoding: "utf8" });
    if (!cliRoot || go.status !== 0) {
      console.log(
        "      Pulumi CLI or Go not found: run scripts/pulumi-cli.sh (needs Go). This CLI suite is pending.",
      );
      this.skip();
    }
    dir = await mkdtemp(path.join(tmpdir(), "shield-plugin-go-"));
    binary = path.join(dir, "go-program");
    const started = Date.now();
    const built = await runToEnd("go", ["build", "-o", binary, "."], {
      cwd: PROGRAM,
      env: goEnv(),
    });
    assert.equal(
      built.code,
      0,
      `go build in test/engine/go-program failed:\n${built.stdout}\n${built.stderr}`,
    );
    console.log(`      go build: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await mkdir(path.join(dir, "backend"));
    emu = await startEmulator();
    torBefore = { isEnabled: torList().isEnabled, action: torList().action };
    const { BUNNYNET_API_URL: _url, BUNNYNET_API_KEY: _key, ...inherited } = process.env;
    env = {
      ...inherited,
      PATH: [path.join(REPO, "bin"), path.join(cliRoot!, "bin"), process.env.PATH].join(
        path.delimiter,
      ),
      PULUMI_HOME: path.join(dir, "home"),
      PULUMI_BACKEND_URL: `file://${path.join(dir, "backend")}`,
      PULUMI_CONFIG_PASSPHRASE: "plugin-go",
      PULUMI_SKIP_UPDATE_CHECK: "1",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "1",
      // The address only as stack config (the program sets it): the environment has none.
      SHIELD_API_URL: emu.url,
      BUNNYNET_API_KEY: emu.apiKey,
    };
  });

  after(async () => {
    await emu?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("up creates the zone's settings, the rule and the list as the plugin's resources", async () => {
    const { summary } = await succeeds("up");
    assert.deepEqual(summary, { create: 5 }); // the stack and four resources
    assert.equal(emu.state.zone(ZONE)!.settings.dDoSShieldSensitivity, 1); // Low
    assert.equal(ruleNamed()?.ruleConfiguration.actionType, 1); // Block
    assert.deepEqual(listEntries(), ["192.0.2.1", "192.0.2.2"]);
    // The configuration found by GetAccessListsOutput, by category.
    assert.equal(torList().isEnabled, true);
    assert.equal(torList().action, 2); // Block
    // The plugin's types, not the dynamic provider's: the Go SDK registered them.
    const state = await readFile(
      path.join(dir, "backend", ".pulumi", "stacks", "shield-plugin-go", "plugin-go.json"),
      "utf8",
    );
    const types = (
      JSON.parse(state) as { checkpoint: { latest: { resources: Array<{ type: string }> } } }
    ).checkpoint.latest.resources.map((resource) => resource.type);
    for (const kind of ["ShieldZone", "WafCustomRule", "AccessList"]) {
      assert.ok(types.includes(`bunnynet-shield:index:${kind}`), `${kind} in ${types.join(", ")}`);
    }
    assert.ok(!state.includes(emu.apiKey), "the API key is not in state");
  });

  it("a preview of the same program has no change", async () => {
    const { summary } = await succeeds("preview");
    assert.deepEqual(summary, { same: 5 });
  });

  it("a preview of a changed rule fails the no-change check, writing nothing", async () => {
    const changed = await program("preview", { SHIELD_RULE_ACTION: "Log" });
    assert.notEqual(changed.code, 0, `the preview passed:\n${changed.output}`);
    assert.match(changed.output, /no changes were expected/);
    // The one change, shown by the preview's diff: the rule's action, in place.
    assert.match(changed.output, /~ bunnynet-shield:index:WafCustomRule: \(update\)/);
    assert.match(changed.output, /~ action: "Block" => "Log"/);
    assert.match(changed.output, /~ 1 to update\n\s+4 unchanged/);
    assert.equal(ruleNamed()?.ruleConfiguration.actionType, 1); // still Block
  });

  it("destroy deletes the rule and the list and puts the zone's settings back", async () => {
    const { summary } = await succeeds("destroy");
    assert.deepEqual(summary, { delete: 5 });
    assert.equal(ruleNamed(), undefined);
    assert.equal(listNamed(), undefined);
    assert.notEqual(emu.state.zone(ZONE)!.settings.dDoSShieldSensitivity, 1);
    const { isEnabled, action } = torList();
    assert.deepEqual({ isEnabled, action }, torBefore);
  });
});
