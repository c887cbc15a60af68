/**
 * The shipped policy pack under the real CLI: `pulumi preview --policy-pack
 * node_modules/pulumi-bunnynet-shield/policy` from the example, where scripts/stack.ts installs
 * the packed package as a user's program has it. (The CLI built here has no Node.js language
 * host: scripts/stack.ts puts scripts/pulumi-analyzer-policy-nodejs on its PATH.)
 */
import { strict as assert } from "node:assert";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { findCli } from "../support/cli-stack";
import { changedExample, runExample } from "../support/example-run";
import { installPackedPackage, REPO, runInProgram } from "../support/packed-package";

const PACK = path.join(REPO, "examples/node_modules/pulumi-bunnynet-shield/policy");

/** Changes that break four policies, one of them mandatory (`shield-no-allow-all`). */
const BREAKING: ReadonlyArray<[string, string]> = [
  ['wafExecutionMode: "Block"', 'wafExecutionMode: "Log"'],
  [
    'category: "TorExitNodes",\n  isEnabled: true,',
    'category: "TorExitNodes",\n  isEnabled: false,',
  ],
  ['entries: ["203.0.113.0/24", "198.51.100.7/32"]', 'entries: ["203.0.113.0/24", "0.0.0.0/0"]'],
  ["requestCount: 10,", "requestCount: 100000,"],
];

/** The CLI's report line of `policy` for the resource named `name`, and the message under it. */
function violation(stdout: string, policy: string, name: string): string {
  const lines = stdout.split("\n");
  const at = lines.findIndex((l) => l.includes(`  ${policy}  (`) && l.includes(`: ${name})`));
  assert.ok(at >= 0, `no ${policy} violation for ${name} in:\n${stdout}`);
  return `${lines[at]}\n${lines[at + 1]}`;
}

/** What `command` printed, whether or not it failed. */
async function outcome(run: Promise<string>): Promise<{ failed: boolean; stdout: string }> {
  return run.then(
    (stdout) => ({ failed: false, stdout }),
    (error: { stdout?: string }) => ({ failed: true, stdout: String(error.stdout ?? error) }),
  );
}

describe("the shipped policy pack under the real CLI", function () {
  this.timeout(900_000);
  let work: string;
  let stateFile: string;
  const example = (command: string, programFile?: string, ...args: string[]) =>
    runExample({ work, stateFile, passphrase: "policy-test" }, command, "policy", programFile, [
      "--policy-pack",
      PACK,
      ...args,
    ]);

  before(async function () {
    if (!findCli()) {
      console.log("      Pulumi CLI not found: run scripts/pulumi-cli.sh. This suite is pending.");
      this.skip();
    }
    work = await mkdtemp(path.join(tmpdir(), "shield-policy-"));
    await mkdir(path.join(work, "backend"));
    stateFile = path.join(work, "emulator", "state.json");
  });

  it("runs in up and preview over the example, which keeps every policy: no violation", async () => {
    const up = await example("up");
    assert.match(up, /\+ 12 created/, up.slice(-3000));
    const preview = await example("preview");
    for (const stdout of [up, preview]) {
      // up reports "Policies: ✅ bunnynet-shield@v…", preview "Policy Packs run: … bunnynet-shield|local|…".
      assert.match(
        stdout,
        /Policies:\s+✅ bunnynet-shield@v|Policy Packs run:[\s\S]*bunnynet-shield\|local\|/,
        stdout,
      );
      assert.doesNotMatch(stdout, /\bshield-[a-z-]+ {2}\(/, stdout);
    }
  });

  it("reports each broken policy by name and resource, and a mandatory one fails the preview", async () => {
    const program = await changedExample(work, "breaking", BREAKING);
    const { failed, stdout } = await outcome(example("preview", program));
    assert.ok(failed, `a mandatory violation must fail the preview:\n${stdout}`);
    assert.match(
      violation(stdout, "shield-no-allow-all", "office"),
      /\[mandatory\][\s\S]*AccessList "office": action is "Allow" and its entries cover every IPv4 address/,
    );
    assert.match(
      violation(stdout, "shield-waf-blocking", "zone"),
      /\[advisory\][\s\S]*ShieldZone "zone": wafExecutionMode is "Log"/,
    );
    assert.match(
      violation(stdout, "shield-threat-lists", "block-tor"),
      /isEnabled is false for the "TorExitNodes" list/,
    );
    assert.match(
      violation(stdout, "shield-rate-limit-sane", "login"),
      /requestCount 100000 per timeframe "PerOneMinute"/,
    );
  });

  it("a mandatory violation stops up too", async () => {
    const program = await changedExample(work, "allow-all", [BREAKING[2]]);
    const { failed, stdout } = await outcome(example("up", program));
    assert.ok(failed, stdout);
    violation(stdout, "shield-no-allow-all", "office");
    const after = await example("preview");
    assert.doesNotMatch(after, /to update/, "the list was not changed");
  });

  it("takes --policy-pack-config: examples/ci/policy-config.json, and levels and limits of a team", async () => {
    const shipped = path.join(REPO, "examples/ci/policy-config.json");
    const program = await changedExample(work, "waf-log", [BREAKING[0]]);
    const logged = await outcome(example("preview", program, "--policy-pack-config", shipped));
    assert.ok(logged.failed, "the shipped configuration makes shield-waf-blocking mandatory");
    assert.match(violation(logged.stdout, "shield-waf-blocking", "zone"), /\[mandatory\]/);
    // The example's ddosShieldSensitivity "Medium" passes the shipped minimum ("Medium").
    assert.doesNotMatch(logged.stdout, /shield-ddos-minimum {2}\(/);

    const strict = path.join(work, "strict.json");
    await writeFile(
      strict,
      JSON.stringify({ "shield-ddos-minimum": { enforcementLevel: "mandatory", minimum: "High" } }),
    );
    const { failed, stdout } = await outcome(
      example("preview", undefined, "--policy-pack-config", strict),
    );
    assert.ok(failed, stdout);
    assert.match(
      violation(stdout, "shield-ddos-minimum", "zone"),
      /\[mandatory\][\s\S]*ddosShieldSensitivity is "Medium", below the minimum "High"/,
    );
  });

  it("the policy entry point loads where @pulumi/policy is not installed", async () => {
    const installed = await installPackedPackage();
    const names = await runInProgram(
      installed,
      `process.stdout.write(require("${installed.packageName}/policy").shieldPolicies().map((p) => p.name).join(","))`,
    );
    assert.equal(names.split(",").length, 9, names);
    await assert.rejects(
      runInProgram(installed, 'require.resolve("@pulumi/policy")'),
      /Cannot find module '@pulumi\/policy'/,
    );
  });
});
