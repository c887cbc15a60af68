/**
 * docs/from-terraform.md's move, as a Terraform user makes it, against the emulator: bunny.net's
 * Terraform provider applies a zone (`bunnynet_pullzone_shield` with a managed list, a WAF rule, a
 * rate limit, a custom list); `terraform plan` agrees; the installed package's
 * `pulumi-bunnynet-shield generate` writes the program; the page's `terraform state rm` line takes
 * the Shield resources out of Terraform's state, and with their blocks deleted `terraform plan`
 * plans nothing; then the program, run by plain `pulumi` (the stand-in Node.js language host),
 * previews every resource as an adoption with nothing to change, `up` sends no write, and the next
 * preview has no change.
 *
 * Needs the CLI (scripts/pulumi-cli.sh), `terraform` on PATH and the provider's binary: the
 * module proxy refuses `github.com/bunnyway/terraform-provider-bunnynet`, so it is built from a
 * checkout of its source (`go build -o <dir>/terraform-provider-bunnynet .` at v0.15.1), in
 * `$TERRAFORM_PROVIDER_BUNNYNET_DIR` or ~/.cache/bunnynet-shield-pulumi/terraform-provider-bunnynet-v0.15.1/bin.
 * Pending without them.
 */
import { strict as assert } from "node:assert";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import * as path from "node:path";
import { AccessListCategory } from "../../src/client/enums";
import { type Emulator, startEmulator } from "../../src/emulator";
import { runToEnd } from "../support/child-process";
import { findCli } from "../support/cli-stack";
import {
  installIntoNewProgram,
  installTarball,
  packPackage,
  REPO,
} from "../support/packed-package";

const PULL_ZONE = 501002; // the emulator's zone 1002, Advanced
const PROVIDER_DIR =
  process.env.TERRAFORM_PROVIDER_BUNNYNET_DIR ??
  path.join(
    process.env.XDG_CACHE_HOME ?? path.join(homedir(), ".cache"),
    "bunnynet-shield-pulumi",
    "terraform-provider-bunnynet-v0.15.1",
    "bin",
  );

const PROVIDER_BLOCK = `terraform {
  required_providers {
    bunnynet = {
      source = "BunnyWay/bunnynet"
    }
  }
}

provider "bunnynet" {}
`;

/** The zone as a Terraform user declares it. */
const SHIELD_CONFIGURATION = `
data "bunnynet_pullzone_access_lists" "managed" {
  pullzone = ${PULL_ZONE}
  custom   = false
}

resource "bunnynet_pullzone_shield" "site" {
  pullzone = ${PULL_ZONE}
  tier     = "Advanced"

  ddos {
    level = "Medium"
  }

  waf {
    enabled = true
    mode    = "Block"
  }

  bot_detection {
    mode = "Challenge"
  }

  access_list {
    id     = data.bunnynet_pullzone_access_lists.managed.data["Tor exit nodes"].id
    action = "Block"
  }
}

resource "bunnynet_pullzone_waf_rule" "admin" {
  pullzone    = ${PULL_ZONE}
  name        = "Block admin"
  description = "Only the office reaches the admin pages"

  condition {
    variable = "REQUEST_URI"
    operator = "BEGINSWITH"
    value    = "/admin"
  }

  response {
    action = "Block"
  }

  depends_on = [bunnynet_pullzone_shield.site]
}

resource "bunnynet_pullzone_ratelimit_rule" "login" {
  pullzone = ${PULL_ZONE}
  name     = "Login"
  # Without one, v0.15.1 fails its apply: "description: was null, but now cty.StringVal("")".
  description = "Login attempts"

  condition {
    variable = "REQUEST_URI"
    operator = "BEGINSWITH"
    value    = "/login"
  }

  limit {
    requests = 10
    interval = 60
  }

  response {
    interval = 300
  }

  depends_on = [bunnynet_pullzone_shield.site]
}

resource "bunnynet_pullzone_access_list" "office" {
  pullzone = ${PULL_ZONE}
  name     = "Office"
  type     = "IP"
  entries  = ["192.0.2.1", "192.0.2.2"]
  action   = "Allow"

  depends_on = [bunnynet_pullzone_shield.site]
}
`;

/** The page's shell block that holds `marker`. */
function pageCommand(marker: string): string {
  const page = readFileSync(path.join(REPO, "docs", "from-terraform.md"), "utf8");
  const block = [...page.matchAll(/```sh\n([\s\S]*?)```/g)]
    .map((m) => m[1]!)
    .find((text) => text.includes(marker));
  assert.ok(block, `docs/from-terraform.md has a sh block with ${marker}`);
  return block;
}

describe("docs/from-terraform.md's move under Terraform and the Pulumi CLI", function () {
  this.timeout(900_000);
  let emu: Emulator;
  let dir: string;
  let terraformDir: string;
  let programDir: string;
  let cliBin: string;
  let env: NodeJS.ProcessEnv;

  async function succeeds(command: string, args: string[], cwd: string): Promise<string> {
    const started = Date.now();
    const { code, stdout, stderr } = await runToEnd(command, args, { cwd, env });
    console.log(
      `      ${path.basename(command)} ${args[0]}: ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    assert.equal(code, 0, `${command} ${args.join(" ")} failed:\n${stdout}\n${stderr}`);
    return `${stdout}\n${stderr}`;
  }
  const terraform = (...args: string[]) => succeeds("terraform", args, terraformDir);
  const pulumi = (...args: string[]) =>
    succeeds(path.join(cliBin, "pulumi"), [...args, "--non-interactive"], programDir);
  const writes = () => emu.requests.filter((r) => r.method !== "GET");
  const zone = () => emu.state.zone(1002)!;

  before(async function () {
    const cliRoot = findCli();
    const hasTerraform = spawnSync("terraform", ["version"]).status === 0;
    const hasProvider = existsSync(path.join(PROVIDER_DIR, "terraform-provider-bunnynet"));
    if (!cliRoot || !hasTerraform || !hasProvider) {
      console.log(
        "      The Pulumi CLI, terraform or the Terraform provider's binary not found (see the file's comment): this suite is pending.",
      );
      this.skip();
    }
    cliBin = path.join(cliRoot!, "bin");
    emu = await startEmulator();
    dir = await mkdtemp(path.join(tmpdir(), "shield-from-terraform-"));
    terraformDir = path.join(dir, "terraform");
    await mkdir(terraformDir);
    // The provider from its binary, as a developer override: no registry, no `terraform init`.
    const cliConfig = path.join(dir, "terraformrc");
    await writeFile(
      cliConfig,
      `provider_installation {\n  dev_overrides {\n    "BunnyWay/bunnynet" = ${JSON.stringify(PROVIDER_DIR)}\n  }\n  direct {}\n}\n`,
    );
    const { BUNNYNET_API_KEY: _key, BUNNYNET_API_URL: _url, ...inherited } = process.env;
    env = {
      ...inherited,
      TF_CLI_CONFIG_FILE: cliConfig,
      TF_IN_AUTOMATION: "1",
      // The CLI, then the stand-in language host, which the CLI finds on PATH.
      PATH: [cliBin, path.join(REPO, "scripts", "language-host"), process.env.PATH].join(
        path.delimiter,
      ),
      PULUMI_HOME: path.join(dir, ".pulumi-home"),
      PULUMI_BACKEND_URL: `file://${dir}`,
      PULUMI_CONFIG_PASSPHRASE: "from-terraform",
      PULUMI_SKIP_UPDATE_CHECK: "1",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "1",
      // The same two variables for both tools and for generate.
      BUNNYNET_API_KEY: emu.apiKey,
      BUNNYNET_API_URL: emu.url,
    };
  });

  after(async () => {
    await emu?.close();
    for (const folder of [dir, programDir && path.dirname(programDir)]) {
      if (folder) await rm(folder, { recursive: true, force: true });
    }
  });

  it("Terraform applies the zone, and its plan then agrees", async () => {
    await writeFile(path.join(terraformDir, "main.tf"), PROVIDER_BLOCK + SHIELD_CONFIGURATION);
    await terraform("apply", "-auto-approve", "-input=false", "-no-color");
    assert.equal(zone().settings.wafEnabled, true);
    assert.equal(zone().settings.wafExecutionMode, 1); // Block
    const tor = zone().managedLists.find((l) => l.category === AccessListCategory.TorExitNodes)!;
    assert.deepEqual([tor.isEnabled, tor.action], [true, 2]); // Block
    assert.ok(zone().customLists.some((list) => list.name === "Office"));
    await terraform("plan", "-detailed-exitcode", "-input=false", "-no-color");
  });

  it("generate writes the program from the live zone, reading only", async () => {
    const installed = await installIntoNewProgram(await packPackage());
    programDir = path.join(installed.dir, "shield-zone");
    emu.resetRequests();
    const bin = path.join(installed.dir, "node_modules", ".bin", "pulumi-bunnynet-shield");
    await succeeds(
      bin,
      ["generate", "--pull-zone", String(PULL_ZONE), "--out", "shield-zone"],
      installed.dir,
    );
    assert.deepEqual(writes(), [], "generate wrote nothing");
    const index = await readFile(path.join(programDir, "index.ts"), "utf8");
    for (const name of ["Block admin", "Login", "Office"])
      assert.ok(index.includes(`"${name}"`), name);
    // `npm install` of the program, with this checkout's package (it is not on the registry).
    await installTarball(programDir, await packPackage());
  });

  it("the page's `terraform state rm` line forgets the Shield resources; without their blocks the plan is empty", async () => {
    emu.resetRequests();
    await succeeds(
      "bash",
      ["-euo", "pipefail", "-c", pageCommand("terraform state rm")],
      terraformDir,
    );
    const left = await terraform("state", "list");
    assert.doesNotMatch(
      left,
      /bunnynet_pullzone_(shield|waf_rule|ratelimit_rule|access_list)\./,
      left,
    );
    await writeFile(path.join(terraformDir, "main.tf"), PROVIDER_BLOCK);
    const plan = await terraform("plan", "-detailed-exitcode", "-input=false", "-no-color");
    assert.match(plan, /No changes/, plan);
    assert.deepEqual(writes(), [], "Terraform wrote nothing");
  });

  it("pulumi adopts every resource; the one write is the counter key of the rate limit Terraform made", async () => {
    await pulumi("stack", "init", "site");
    emu.resetRequests();
    const preview = await pulumi("preview", "--diff");
    // Terraform v0.15.1 sends no counterKeyType, so the rate limit has none; the program's
    // counterKey is RateLimit's default, IP: the only value the adoption changes.
    const changed = [...preview.matchAll(/^\s+(\w+): "([^"]* => [^"]*)"$/gm)].map(
      (m) => `${m[1]}: ${m[2]}`,
    );
    assert.deepEqual(changed, ["counterKey: (not set) => IP"], preview);
    const adoptions = [...preview.matchAll(/adoptionChanges\s*: "([^"]*)"/g)].map((m) => m[1]!);
    assert.ok(adoptions.length >= 10, preview);
    for (const text of adoptions) assert.match(text, /^none: the live object/, text);
    assert.deepEqual(writes(), [], "the preview wrote nothing");
    await pulumi("up", "--yes", "--skip-preview");
    const login = [...emu.state.rules.rateLimits.values()].find((r) => r.ruleName === "Login")!;
    assert.deepEqual(
      writes().map((r) => `${r.method} ${r.path}`),
      [`PATCH /shield/rate-limit/${login.id}`],
      "up wrote the rate limit's counter key, and nothing else",
    );
    assert.equal(login.ruleConfiguration.counterKeyType, 0); // IP
    await pulumi("preview", "--expect-no-changes");
  });
});
