/**
 * The examples of the Pulumi Registry's overview page (docs/_index.md) under the real Pulumi
 * CLI, each as its language's user writes it, taken from the page word for word: TypeScript
 * (the README's, on the dynamic resources) as the program's index.ts with the packed package
 * installed, run by plain `pulumi` through the stand-in Node.js language host; YAML (the
 * README's) as the project's Pulumi.yaml through the YAML language host; Go as the user's
 * main.go on the Go SDK, built in test/engine/go-program's module beside
 * test/engine/go-inline/driver.go, which runs its `pulumi.Run` program through the Go Automation
 * API as an inline program (the module proxy serves no Go language host). The Python example is
 * the README's, which test/engine/plugin-python.test.ts runs; test/docs/registry.test.ts checks
 * that the page's examples are these texts.
 *
 * Each against a fresh emulator where pull zone 123456 (the examples') has a shield zone
 * already: `up` adopts it, switches its WAF to blocking and the Tor list, found by category, on
 * and blocking; a preview with no change; `destroy` leaves the service as it was before.
 *
 * Needs the CLI (scripts/pulumi-cli.sh); YAML also its language host (scripts/pulumi-yaml.sh)
 * and Go the Go toolchain. Each language is pending without what it needs.
 */
import { strict as assert } from "node:assert";
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { AccessListAction, AccessListCategory, ShieldPlanType } from "../../src/client/enums";
import { ShieldClient } from "../../src/client/shield-client";
import { type Emulator, startEmulator } from "../../src/emulator";
import { runToEnd } from "../support/child-process";
import { findCli } from "../support/cli-stack";
import { comparableState } from "../support/comparable-state";
import { goEnv, yamlHost } from "../support/language-tools";
import { installIntoNewProgram, packPackage, REPO } from "../support/packed-package";
import { registryExample } from "../support/registry-examples";

const PULL_ZONE = 123456;
const GO_PROGRAM = path.join(REPO, "test", "engine", "go-program");
const GO_DRIVER = path.join(REPO, "test", "engine", "go-inline", "driver.go");

/** `text` with `from` replaced by `to`, which must occur in it exactly once. */
function edited(text: string, from: string, to: string): string {
  assert.equal(text.split(from).length, 2, `the example holds ${JSON.stringify(from)} once`);
  return text.replace(from, to);
}

/** How one language's example is run: each command must succeed. */
interface Runner {
  up(): Promise<void>;
  /** A preview that fails on any change. */
  previewNoChange(): Promise<void>;
  destroy(): Promise<void>;
  /** A folder of its own to remove at the end, besides the suite's. */
  folder?: string;
}

/** What a language needs before its runner exists: a folder, the emulator, the CLI's folder. */
type Setup = (dir: string, emu: Emulator, cliBin: string) => Promise<Runner>;

/** Runs `command args` in `cwd`, which must succeed; its standard output. */
async function succeeds(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<string> {
  const started = Date.now();
  const { code, stdout, stderr } = await runToEnd(command, args, { cwd, env });
  console.log(
    `      ${path.basename(command)} ${args[0]}: ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  assert.equal(code, 0, `${command} ${args.join(" ")} failed:\n${stdout}\n${stderr}`);
  return stdout;
}

/** The environment of a CLI run: a backend, a home and a passphrase in `dir`, nothing downloaded. */
function cliEnv(dir: string, path_: string[], extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { BUNNYNET_API_KEY: _key, BUNNYNET_API_URL: _url, ...inherited } = process.env;
  return {
    ...inherited,
    PATH: [...path_, process.env.PATH].join(path.delimiter),
    PULUMI_HOME: path.join(dir, ".pulumi-home"),
    PULUMI_BACKEND_URL: `file://${dir}`,
    PULUMI_CONFIG_PASSPHRASE: "registry-examples",
    PULUMI_SKIP_UPDATE_CHECK: "1",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "1",
    ...extra,
  };
}

/** A runner of plain `pulumi` commands in the project folder `cwd`, on a stack it makes. */
async function cliRunner(
  cliBin: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  secretKey: [string, string],
): Promise<Runner> {
  const pulumi = (...args: string[]) =>
    succeeds(path.join(cliBin, "pulumi"), [...args, "--non-interactive"], cwd, env);
  await pulumi("stack", "init", "registry");
  await pulumi("config", "set", "--secret", ...secretKey);
  return {
    up: async () => void (await pulumi("up", "--yes", "--skip-preview")),
    previewNoChange: async () => void (await pulumi("preview", "--expect-no-changes")),
    destroy: async () => void (await pulumi("destroy", "--yes", "--skip-preview")),
  };
}

const SETUPS: Record<
  "typescript" | "yaml" | "go",
  { needs: () => string | undefined; setup: Setup }
> = {
  typescript: {
    needs: () => undefined,
    async setup(dir, emu, cliBin) {
      // The user's folder: the package installed from its packed tarball, index.ts the example.
      const program = (await installIntoNewProgram(await packPackage())).dir;
      const packageJson = path.join(program, "package.json");
      const manifest = JSON.parse(await readFile(packageJson, "utf8")) as Record<string, unknown>;
      // As `pulumi new typescript` writes it: the entry point is index.ts.
      await writeFile(packageJson, JSON.stringify({ ...manifest, main: "index.ts" }, null, 2));
      await writeFile(path.join(program, "Pulumi.yaml"), "name: shield-site\nruntime: nodejs\n");
      await writeFile(path.join(program, "index.ts"), registryExample("typescript"));
      // The CLI, then the stand-in language host, which the CLI finds on PATH.
      const env = cliEnv(dir, [cliBin, path.join(REPO, "scripts", "language-host")], {
        BUNNYNET_API_URL: emu.url,
      });
      const runner = await cliRunner(cliBin, program, env, ["bunnynet:apiKey", emu.apiKey]);
      return { ...runner, folder: program };
    },
  },
  yaml: {
    needs: () => (yamlHost() ? undefined : "the YAML language host (scripts/pulumi-yaml.sh)"),
    async setup(dir, emu, cliBin) {
      await writeFile(path.join(dir, "Pulumi.yaml"), registryExample("yaml"));
      const env = cliEnv(dir, [yamlHost()!, path.join(REPO, "bin"), cliBin], {
        BUNNYNET_API_URL: emu.url,
      });
      return cliRunner(cliBin, dir, env, ["bunnynet-shield:apiKey", emu.apiKey]);
    },
  },
  go: {
    needs: () => (spawnSync("go", ["version"]).status === 0 ? undefined : "the Go toolchain"),
    async setup(dir, emu, cliBin) {
      // The user's main.go, with only its entry point handed to the driver.
      let example = edited(registryExample("go"), "func main() {\n", "func userMain() {\n");
      example = edited(example, "pulumi.Run(", "runInline(");
      const main = path.join(dir, "main.go");
      await writeFile(main, example);
      const overlay = path.join(dir, "overlay.json");
      await writeFile(
        overlay,
        JSON.stringify({
          Replace: {
            [path.join(GO_PROGRAM, "main.go")]: main,
            [path.join(GO_PROGRAM, "registry_driver.go")]: GO_DRIVER,
          },
        }),
      );
      const binary = path.join(dir, "registry-example");
      await succeeds("go", ["build", "-overlay", overlay, "-o", binary, "."], GO_PROGRAM, goEnv());
      const env = cliEnv(dir, [path.join(REPO, "bin"), cliBin], {
        SHIELD_API_URL: emu.url,
        BUNNYNET_API_KEY: emu.apiKey,
      });
      const run = async (command: string) => void (await succeeds(binary, [command], dir, env));
      return {
        up: () => run("up"),
        previewNoChange: () => run("preview"),
        destroy: () => run("destroy"),
      };
    },
  },
};

describe("the Pulumi Registry overview's examples under the Pulumi CLI", function () {
  this.timeout(900_000);

  for (const [language, { needs, setup }] of Object.entries(SETUPS)) {
    describe(`${language}: the example of docs/_index.md`, function () {
      let dir: string;
      let emu: Emulator;
      let runner: Runner;
      let original: unknown;
      let zoneId: number;

      const zone = () => emu.state.zone(zoneId)!;
      const torList = () =>
        zone().managedLists.find((list) => list.category === AccessListCategory.TorExitNodes)!;

      before(async function () {
        const cliRoot = findCli();
        const missing = cliRoot ? needs() : "the Pulumi CLI (scripts/pulumi-cli.sh)";
        if (missing) {
          console.log(`      ${missing} not found: the ${language} example is pending.`);
          this.skip();
        }
        dir = await mkdtemp(path.join(tmpdir(), `shield-registry-${language}-`));
        emu = await startEmulator();
        // The examples' pull zone, with a shield zone of its own before Pulumi adopts it.
        zoneId = emu.state.addZone({
          pullZoneId: PULL_ZONE,
          planType: ShieldPlanType.Advanced,
        }).shieldZoneId;
        // The Tor list switched off by hand, as the example's program finds it.
        const client = new ShieldClient({ apiKey: emu.apiKey, baseUrl: emu.url });
        await client.accessLists.updateConfiguration(zoneId, torList().configurationId, {
          isEnabled: false,
          action: AccessListAction.Log,
        });
        original = comparableState(emu.state.toJSON());
        runner = await setup(dir, emu, path.join(cliRoot!, "bin"));
      });

      after(async () => {
        await emu?.close();
        for (const folder of [dir, runner?.folder]) {
          if (folder) await rm(folder, { recursive: true, force: true });
        }
      });

      it("up adopts the zone, switches its WAF to blocking and blocks the Tor list found by category", async () => {
        assert.equal(zone().settings.wafExecutionMode, 0, "the WAF starts logging");
        await runner.up();
        assert.equal(zone().settings.wafEnabled, true);
        assert.equal(zone().settings.wafExecutionMode, 1); // Block
        assert.equal(torList().isEnabled, true);
        assert.equal(torList().action, 2); // Block
      });

      it("a preview of the same program has no change", async () => {
        emu.resetRequests();
        await runner.previewNoChange();
        assert.deepEqual(
          emu.requests.filter((r) => r.method !== "GET"),
          [],
          "the preview wrote nothing",
        );
      });

      it("destroy leaves the service as it was before the first up", async () => {
        await runner.destroy();
        assert.deepEqual(comparableState(emu.state.toJSON()), original);
      });
    });
  }
});
