/**
 * `generate --language yaml|python|go` under the real Pulumi CLI, on the provider plugin: the
 * zone configured by hand of cli-generate.test.ts (every kind, custom lists of hundreds of
 * entries, rules of several conditions, rate limits, pages, an API Guardian document), a
 * program generated from it in each language, and that program run as a new stack. The first
 * preview shows every resource as a create (an adoption) and writes nothing, `up` writes nothing
 * (the emulator's request log holds no write), and the next preview shows no change. Each
 * language runs as its users run it where this machine allows: YAML through its language host;
 * Python through Pulumi's Python Automation API (test/engine/python-program/driver.py) in a
 * fresh virtual environment with the SDK installed by pip, and `black --check` passes on
 * `__main__.py`; Go through the Go Automation API (a `_test.go` beside `main.go` runs its
 * `program` inline), after `gofmt -l` finds nothing to change. Each language has a fresh
 * emulator of its own. The plugin (bin/) reads the address and the key from the environment.
 *
 * Needs the CLI (scripts/pulumi-cli.sh), Go (for the YAML host and the Go program) and Python 3
 * with venv; pending without them.
 */
import { strict as assert } from "node:assert";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { ShieldClient } from "../../src/client/shield-client";
import { type Emulator, startEmulator } from "../../src/emulator";
import { generateProgram, writeProgram, type GenerateLanguage } from "../../src/generate";
import type { ProgramModel } from "../../src/generate/model";
import { KINDS } from "../../src/resources/kit/registry";
import { guardianDocument } from "../resources/api-guardian.fixtures";
import { runToEnd } from "../support/child-process";
import { findCli } from "../support/cli-stack";
import { goEnv, hasPythonVenv, pythonEnvironment, yamlHost } from "../support/language-tools";
import { REPO } from "../support/packed-package";
import { configureRichZone } from "../support/rich-zone";

/** The zone (Advanced) and its pull zone, as cli-generate.test.ts has them. */
const ZONE = 1001;
const PULL_ZONE = 501001;

const DRIVER = path.join(REPO, "test", "engine", "python-program", "driver.py");
const GO_PROGRAM = path.join(REPO, "test", "engine", "go-program");

/**
 * The test the Go suite adds beside the generated main.go: it runs `program` inline, as
 * `$SHIELD_COMMAND` says (`preview`, `up`, or `unchanged`: a preview that fails on any change),
 * and prints the change summary on a line of its own.
 */
const GO_STACK_TEST = `package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optpreview"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"
)

func TestStack(t *testing.T) {
	ctx := context.Background()
	stack, err := auto.UpsertStackInlineSource(ctx, "generated-go", "shield-generated-go", program)
	if err != nil {
		t.Fatal(err)
	}
	var summary any
	switch command := os.Getenv("SHIELD_COMMAND"); command {
	case "up":
		result, err := stack.Up(ctx, optup.ProgressStreams(os.Stderr))
		if err != nil {
			t.Fatal(err)
		}
		summary = result.Summary.ResourceChanges
	case "preview", "unchanged":
		options := []optpreview.Option{optpreview.Diff(), optpreview.ProgressStreams(os.Stderr)}
		if command == "unchanged" {
			options = append(options, optpreview.ExpectNoChanges())
		}
		result, err := stack.Preview(ctx, options...)
		if err != nil {
			t.Fatal(err)
		}
		summary = result.ChangeSummary
	default:
		t.Fatalf("SHIELD_COMMAND %q: use preview, up or unchanged", command)
	}
	line, _ := json.Marshal(summary)
	fmt.Println("summary: " + string(line))
}
`;

/** How many resources `model` declares. */
const resourceCount = (model: ProgramModel) =>
  model.zones.flatMap((zone) => zone.statements).filter((s) => s.type === "resource").length;

/** What a language's program does, run as a stack: the change summary of each step. */
interface LanguageRun {
  /** Prepares the program in `dir` (installs, builds) and the environment it runs in. */
  prepare(dir: string, env: NodeJS.ProcessEnv): Promise<void>;
  /** A preview's change summary; with `unchanged`, one that fails on any change. */
  preview(unchanged: boolean): Promise<Record<string, number>>;
  up(): Promise<Record<string, number>>;
}

/** Runs `command`, which must succeed. */
async function succeeds(
  what: string,
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv },
) {
  const started = Date.now();
  const result = await runToEnd(command, args, options);
  console.log(`      ${what}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  assert.equal(result.code, 0, `${what} failed:\n${result.stdout}\n${result.stderr}`);
  return result;
}

function yamlRun(cliBin: string, hostDir: string): LanguageRun {
  let dir = "";
  let env: NodeJS.ProcessEnv = {};
  const pulumi = (args: string[]) =>
    succeeds(`pulumi ${args[0]}`, path.join(cliBin, "pulumi"), [...args, "--stack", "yaml"], {
      cwd: dir,
      env,
    });
  return {
    async prepare(folder, base) {
      dir = folder;
      env = { ...base, PATH: [hostDir, base.PATH].join(path.delimiter) };
      await pulumi(["stack", "init"]);
    },
    async preview(unchanged) {
      const args = ["preview", "--json", ...(unchanged ? ["--expect-no-changes"] : [])];
      const { stdout } = await pulumi(args);
      return (JSON.parse(stdout) as { changeSummary: Record<string, number> }).changeSummary;
    },
    async up() {
      await pulumi(["up", "--yes", "--skip-preview"]);
      const { stdout } = await pulumi(["stack", "history", "--json"]);
      const [last] = JSON.parse(stdout) as Array<{ resourceChanges: Record<string, number> }>;
      return last!.resourceChanges;
    },
  };
}

function pythonRun(python: () => string): LanguageRun {
  let dir = "";
  let env: NodeJS.ProcessEnv = {};
  const driver = async (command: string) => {
    const { stdout } = await succeeds(
      `driver.py ${command}`,
      python(),
      [DRIVER, path.join(dir, "__main__.py"), command],
      { cwd: dir, env },
    );
    return (JSON.parse(stdout.trim().split("\n").pop()!) as { summary: Record<string, number> })
      .summary;
  };
  return {
    async prepare(folder, base) {
      dir = folder;
      env = {
        ...base,
        PATH: [path.dirname(python()), base.PATH].join(path.delimiter),
        // The driver sets it as the stack's secret config, as a user would.
        SHIELD_API_KEY: base.BUNNYNET_API_KEY,
        BUNNYNET_API_KEY: undefined,
      };
      const black = await runToEnd(python(), ["-m", "black", "--check", "--diff", "__main__.py"], {
        cwd: dir,
      });
      assert.equal(
        black.code,
        0,
        `black would change __main__.py:\n${black.stdout}${black.stderr}`,
      );
    },
    preview: () => driver("preview"),
    up: () => driver("up"),
  };
}

function goRun(): LanguageRun {
  let dir = "";
  let env: NodeJS.ProcessEnv = {};
  const binary = () => path.join(dir, "program.test");
  const run = async (command: string) => {
    const { stdout } = await succeeds(
      `go program ${command}`,
      binary(),
      ["-test.run", "TestStack"],
      {
        cwd: dir,
        env: { ...env, SHIELD_COMMAND: command },
      },
    );
    const line = stdout.split("\n").find((l) => l.startsWith("summary: "));
    assert.ok(line, `no summary in:\n${stdout}`);
    return JSON.parse(line.slice("summary: ".length)) as Record<string, number>;
  };
  return {
    async prepare(folder, base) {
      dir = folder;
      env = base;
      const unformatted = spawnSync("gofmt", ["-l", "main.go"], { cwd: dir, encoding: "utf8" });
      assert.equal(unformatted.status, 0, unformatted.stderr);
      assert.equal(unformatted.stdout, "", "gofmt would change main.go");
      // The SDK of this checkout, and the requirements and sums of the Go suite's program, which
      // uses the same modules (the checksum database and the proxy are not reachable here).
      const goProgramMod = readFileSync(path.join(GO_PROGRAM, "go.mod"), "utf8");
      const indirect = goProgramMod.split("\n").filter((line) => line.endsWith("// indirect"));
      const goMod = readFileSync(path.join(dir, "go.mod"), "utf8");
      await writeFile(
        path.join(dir, "go.mod"),
        `${goMod}\nrequire (\n${indirect.join("\n")}\n)\n\nreplace ${/^\tgithub\.com\/\S+\/sdk\/go/m
          .exec(goMod)![0]
          .trim()} => ${path.join(REPO, "sdk", "go")}\n`,
      );
      await writeFile(path.join(dir, "go.sum"), readFileSync(path.join(GO_PROGRAM, "go.sum")));
      await writeFile(path.join(dir, "stack_test.go"), GO_STACK_TEST);
      await succeeds("go test -c", "go", ["test", "-c", "-o", binary(), "."], {
        cwd: dir,
        env: goEnv(),
      });
    },
    preview: (unchanged) => run(unchanged ? "unchanged" : "preview"),
    up: () => run("up"),
  };
}

describe("generate in YAML, Python and Go under the real Pulumi CLI: a zone made by hand, adopted by the plugin without a write", function () {
  this.timeout(1_800_000);
  let cliBin = "";
  let hostDir: string | undefined;
  let python = "";
  let root = "";

  before(async function () {
    const cliRoot = findCli();
    const hasGo = spawnSync("go", ["version"]).status === 0;
    hostDir = cliRoot && hasGo ? yamlHost() : undefined;
    if (!cliRoot || !hasGo || !hostDir || !hasPythonVenv()) {
      console.log(
        "      Pulumi CLI, Go, the YAML language host or Python 3 with venv not found: run scripts/pulumi-cli.sh and scripts/pulumi-yaml.sh (need Go). This CLI suite is pending.",
      );
      this.skip();
    }
    cliBin = path.join(cliRoot, "bin");
    root = await mkdtemp(path.join(tmpdir(), "shield-generate-languages-"));
  });
  after(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  const languages: Record<Exclude<GenerateLanguage, "typescript">, () => LanguageRun> = {
    yaml: () => yamlRun(cliBin, hostDir!),
    python: () => pythonRun(() => python),
    go: () => goRun(),
  };

  for (const [language, makeRun] of Object.entries(languages)) {
    describe(language, () => {
      let emu: Emulator;
      let run: LanguageRun;
      let resources = 0;
      const writes = () => emu.requests.filter((r) => r.method !== "GET");

      before(async function () {
        if (!root) this.skip();
        emu = await startEmulator();
        await configureRichZone(new ShieldClient({ apiKey: emu.apiKey, baseUrl: emu.url }), ZONE);
        if (language === "python" && python === "") {
          python = await pythonEnvironment(path.join(root, "python-env"), ["black"]);
        }
        emu.resetRequests();
        const { files, model } = await generateProgram({
          zones: [{ pullZoneId: PULL_ZONE, openApiDocument: guardianDocument("2.0.0") }],
          settings: { apiKey: emu.apiKey, apiUrl: emu.url },
          language: language as GenerateLanguage,
        });
        assert.deepEqual(writes(), [], "generating writes nothing");
        const kinds = new Set(
          model.zones.flatMap((z) =>
            z.statements.flatMap((s) => (s.type === "resource" ? [s.kind] : [])),
          ),
        );
        assert.deepEqual(
          [...KINDS].filter((kind) => !kinds.has(kind)),
          [],
          "every kind declared",
        );
        resources = resourceCount(model);
        const dir = path.join(root, language, "program");
        await writeProgram(files, dir);
        const backend = path.join(root, language, "backend");
        await mkdir(backend);
        const { BUNNYNET_API_URL: _url, BUNNYNET_API_KEY: _key, ...inherited } = process.env;
        run = makeRun();
        await run.prepare(dir, {
          ...inherited,
          PATH: [path.join(REPO, "bin"), cliBin, process.env.PATH].join(path.delimiter),
          PULUMI_HOME: path.join(root, language, "home"),
          PULUMI_BACKEND_URL: `file://${backend}`,
          PULUMI_CONFIG_PASSPHRASE: `generate-${language}`,
          PULUMI_SKIP_UPDATE_CHECK: "1",
          PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "1",
          BUNNYNET_API_URL: emu.url,
          BUNNYNET_API_KEY: emu.apiKey,
        });
      });
      after(async () => {
        await emu?.close();
      });

      it("the first preview adopts every resource, writing nothing", async () => {
        emu.resetRequests();
        assert.deepEqual(await run.preview(false), { create: resources + 1 });
        assert.deepEqual(writes(), [], "a preview writes nothing");
      });

      it("up adopts every resource and makes no write at all", async () => {
        emu.resetRequests();
        assert.deepEqual(await run.up(), { create: resources + 1 });
        assert.deepEqual(
          writes().map((r) => `${r.method} ${r.path}`),
          [],
          "up wrote to the service",
        );
        assert.ok(emu.requests.length > 0, "up read the zone");
      });

      it("the next preview shows no change", async () => {
        emu.resetRequests();
        assert.deepEqual(await run.preview(true), { same: resources + 1 });
        assert.deepEqual(writes(), []);
      });
    });
  }
});
