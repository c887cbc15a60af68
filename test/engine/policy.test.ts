/**
 * The shipped policy pack under the real CLI: `pulumi preview --policy-pack
 * node_modules/pulumi-bunnynet-shield/policy` from the example, where scripts/stack.ts installs
 * the packed package as a user's program has it. (The CLI built here has no Node.js language
 * host: scripts/stack.ts puts scripts/pulumi-analyzer-policy-nodejs on its PATH.)
 */
import { strict as assert } from "node:assert";
import { SHIELD_POLICY_NAMES } from "../../src/policy";
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

/**
 * Resources appended to the example, one breaking each finding (named after it), and changes to
 * the example's own that break the others; with {@link FINDINGS_CONFIG}, every finding of the pack
 * but shield-mass-change (its own test) and the nine policies (the test above) is reported.
 */
const FINDINGS_PROGRAM = `
const cond = (variable: string, operator: string, value = "", variableValue = "") => ({ variable, operator, value, variableValue });
const rule = (resource: string, conditions: ReturnType<typeof cond>[], extra: Record<string, unknown> = {}) =>
  new WafCustomRule(resource, {
    shieldZoneId,
    name: resource.replace(/-/g, " "),
    description: "Breaks a finding",
    action: "Log",
    conditions,
    ...extra,
  });
const customList = (resource: string, type: string, action: string, entries: string[], extra: Record<string, unknown> = {}) =>
  new AccessList(resource, { shieldZoneId, name: resource.replace(/-/g, " "), type, action, entries, ...extra });
rule("f-catch-all", [cond("REQUEST_URI", "BEGINSWITH", "/")]);
rule("f-permissive-regex", [cond("REQUEST_HEADERS", "RX", ".", "User-Agent")]);
rule("f-leading-wildcard", [cond("REQUEST_URI", "RX", ".*admin")]);
rule("f-anchored-literal", [cond("REQUEST_URI", "RX", "^/admin$")]);
rule("f-numeric-operator", [cond("REQUEST_URI", "LT", "5")]);
rule("f-selector-unsupported", [cond("REQUEST_URI", "CONTAINS", "/a", "x")]);
rule("f-selector-missing", [cond("GEO", "STREQ", "US")]);
rule("f-percent-encoded", [cond("REQUEST_URI", "CONTAINS", "/a%2Fb")]);
rule("f-contains-word-space", [cond("REQUEST_BODY", "CONTAINSWORD", "admin panel")]);
rule("f-detect-value", [cond("REQUEST_BODY", "DETECTSQLI", "select")]);
rule("f-method-case", [cond("REQUEST_METHOD", "STRMATCH", "post")]);
rule("f-path-slash", [cond("REQUEST_URI", "BEGINSWITH", "wp-admin")]);
rule("f-redundant-lowercase", [cond("REQUEST_URI", "STREQ", "/login")], { transformations: ["LOWERCASE"] });
// check keeps one of two equal names or conditions; what reaches the policy is two
// spellings of one transformation, and two values STREQ does not tell apart.
rule("f-duplicate-transformation", [cond("REQUEST_URI", "CONTAINS", "/b")], { transformations: ["NORMALIZEPATH", "NORMALISEPATH"] });
rule("f-duplicate-condition", [cond("REQUEST_URI", "STREQ", "/c"), cond("REQUEST_URI", "STREQ", "/C")]);
rule("f-too-many-conditions", Array.from({ length: 11 }, (_, i) => cond("REQUEST_URI", "CONTAINS", "/d" + i)));
rule("f-short-name", [cond("REQUEST_URI", "CONTAINS", "/e")], { name: "X" });
rule("f-no-description", [cond("REQUEST_URI", "CONTAINS", "/l")], { description: "" });
rule("f-rules-duplicate-a", [cond("REQUEST_URI", "CONTAINS", "/f")]);
rule("f-rules-duplicate-b", [cond("REQUEST_URI", "CONTAINS", "/f")]);
rule("f-name-twin-a", [cond("REQUEST_URI", "CONTAINS", "/g")], { name: "Twin" });
rule("f-name-twin-b", [cond("REQUEST_URI", "CONTAINS", "/h")], { name: "Twin" });
rule("f-rule-in-office", [cond("REMOTE_ADDR", "STREQ", "203.0.113.9")], { action: "Block" });
rule("f-catch-all-block", [cond("REQUEST_FILENAME", "BEGINSWITH", "/")], { action: "Block" });
rule("f-unreachable", [cond("REQUEST_URI", "CONTAINS", "/i")], { action: "Block" });
new RateLimit("f-short-block", {
  shieldZoneId,
  name: "f short block",
  description: "Breaks a finding",
  action: "RateLimit",
  conditions: [cond("REQUEST_URI", "BEGINSWITH", "/j")],
  requestCount: 10,
  timeframe: "PerOneMinute",
  blockTime: "ForThirtySeconds",
});
new RateLimit("f-name-reused", {
  shieldZoneId,
  name: "Block admin except from the office",
  description: "Breaks a finding",
  action: "RateLimit",
  conditions: [cond("REQUEST_URI", "BEGINSWITH", "/k")],
  requestCount: 10,
  timeframe: "PerOneMinute",
  blockTime: "ForFiveMinutes",
});
customList("f-reserved-range", "CIDR", "Block", ["10.0.0.0/8"]);
customList("f-host-bits", "CIDR", "Block", ["45.1.0.1/24"]);
customList("f-list-overlap", "CIDR", "Block", ["45.2.0.0/16", "45.2.1.0/24"]);
// check keeps one of two equal entries; entries equal but for case reach the policy.
new AccessList("f-duplicate-entry", { shieldZoneId, name: "f duplicate entry", type: "Organization", action: "Block", entries: ["Example Org", "EXAMPLE ORG"] });
customList("f-list-catch-all", "CIDR", "Challenge", ["::/0"]);
customList("f-list-disabled", "IP", "Block", ["45.4.0.7"], { isEnabled: false });
customList("f-list-waived", "IP", "Block", ["45.5.0.7"], { isEnabled: false });
customList("f-block-ip", "IP", "Block", ["45.6.0.7"]);
customList("f-allow-ip", "IP", "Allow", ["45.6.0.7"]);
customList("f-overlap-outer", "CIDR", "Block", ["45.7.0.0/16"]);
customList("f-overlap-inner", "CIDR", "Block", ["45.7.3.0/24"]);
new CustomPage("f-foreign-assets", {
  shieldZoneId,
  pageType: "challenge",
  html: '<html><head><script src="https://cdn.example.net/x.js"></script></head><body>Hold on</body></html>',
});
`;

/** The configuration the findings program previews with: a date passed, and a waiver. */
const FINDINGS_CONFIG = {
  "shield-api-guardian-enforcing": { enforceFrom: "2020-01-01" },
  "shield-list-disabled": {
    waivers: { "f-list-waived": "kept off until the office moves (OPS-7)" },
  },
};

/** Each finding, and the resource the findings program breaks it with. */
const FINDING_RESOURCES: ReadonlyArray<[string, string]> = [
  ["shield-rule-catch-all", "f-catch-all"],
  ["shield-rule-permissive-regex", "f-permissive-regex"],
  ["shield-rule-regex-leading-wildcard", "f-leading-wildcard"],
  ["shield-rule-regex-anchored-literal", "f-anchored-literal"],
  ["shield-rule-numeric-operator", "f-numeric-operator"],
  ["shield-rule-selector-unsupported", "f-selector-unsupported"],
  ["shield-rule-selector-missing", "f-selector-missing"],
  ["shield-rule-percent-encoded", "f-percent-encoded"],
  ["shield-rule-contains-word-space", "f-contains-word-space"],
  ["shield-rule-detect-value", "f-detect-value"],
  ["shield-rule-method-case", "f-method-case"],
  ["shield-rule-path-slash", "f-path-slash"],
  ["shield-rule-redundant-lowercase", "f-redundant-lowercase"],
  ["shield-rule-duplicate-transformation", "f-duplicate-transformation"],
  ["shield-rule-duplicate-condition", "f-duplicate-condition"],
  ["shield-rule-too-many-conditions", "f-too-many-conditions"],
  ["shield-rule-short-name", "f-short-name"],
  ["shield-rule-no-description", "f-no-description"],
  ["shield-rate-limit-short-block", "f-short-block"],
  ["shield-list-reserved-range", "f-reserved-range"],
  ["shield-list-host-bits", "f-host-bits"],
  ["shield-list-overlap", "f-list-overlap"],
  ["shield-list-duplicate-entry", "f-duplicate-entry"],
  ["shield-list-catch-all", "f-list-catch-all"],
  ["shield-list-disabled", "f-list-disabled"],
  ["shield-bots-search-engines", "bot-categories"],
  ["shield-api-guardian-enforcing", "api"],
  ["shield-custom-page-foreign-assets", "f-foreign-assets"],
  ["shield-name-duplicate", "f-name-twin-b"],
  ["shield-name-reused", "f-name-reused"],
  ["shield-rules-duplicate-conditions", "f-rules-duplicate-b"],
  ["shield-rule-unreachable", "f-unreachable"],
  ["shield-lists-conflict", "f-allow-ip"],
  ["shield-networks-overlap", "f-overlap-inner"],
  ["shield-networks-overlap", "f-rule-in-office"],
  ["shield-plan-limits", "zone"],
  ["shield-waived", "f-list-waived"],
];

/** Every policy and resource the CLI reported in `stdout`, as "policy resource". */
function reportedFindings(stdout: string): string[] {
  return [...stdout.matchAll(/ {2}(shield-[a-z-]+) {2}\([^()]*: ([^():]+)\)/g)].map(
    ([, policy, name]) => `${policy} ${name}`,
  );
}

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

  it("runs in up and preview over the example, which has no finding", async () => {
    const up = await example("up");
    assert.match(up, /\+ 12 created/, up.slice(-3000));
    const preview = await example("preview");
    for (const stdout of [up, preview]) {
      // The pack ran (the CLI says it loaded it, and a preview lists it) and reported nothing.
      assert.match(
        stdout,
        /Loading policy packs\.\.\.: done|Policy Packs run:\n.*\n\s+bunnynet-shield\|local\|/,
        stdout,
      );
      assert.deepEqual(reportedFindings(stdout), [], stdout);
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

  it("names each finding against the resource that breaks it, and a waiver with its reason", async () => {
    const program = await changedExample(work, "findings", [
      [
        "// The zone's managed lists, found by category",
        `${FINDINGS_PROGRAM}\n// The zone's managed lists, found by category`,
      ],
      ['categories: { AIScraper: "Block" }', 'categories: { AIScraper: "Block", SEO: "Block" }'],
    ]);
    const config = path.join(work, "findings.json");
    await writeFile(config, JSON.stringify(FINDINGS_CONFIG));
    const { failed, stdout } = await outcome(
      example("preview", program, "--policy-pack-config", config),
    );
    assert.ok(failed, `shield-name-duplicate is mandatory:\n${stdout}`);
    const reported = reportedFindings(stdout);
    for (const [policy, name] of FINDING_RESOURCES) {
      assert.ok(reported.includes(`${policy} ${name}`), `no ${policy} for ${name} in:\n${stdout}`);
    }
    assert.ok(!reported.includes("shield-list-disabled f-list-waived"), "the waived list");
    assert.match(
      violation(stdout, "shield-waived", "f-list-waived"),
      /AccessList "f-list-waived": shield-list-disabled is waived: kept off until the office moves \(OPS-7\)/,
    );
    assert.match(violation(stdout, "shield-name-duplicate", "f-name-twin-b"), /\[mandatory\]/);
    assert.match(
      violation(stdout, "shield-plan-limits", "zone"),
      /declares 2[0-9] WafCustomRules in this zone, and its plan "Advanced" allows 10/,
    );
    // Every finding of the pack is exercised here but shield-mass-change (next test).
    const covered = new Set(FINDING_RESOURCES.map(([policy]) => policy));
    const findings = SHIELD_POLICY_NAMES.slice(9).filter((n) => n !== "shield-mass-change");
    assert.deepEqual(
      findings.filter((n) => !covered.has(n)),
      [],
    );
  });

  it("stops a preview that deletes more than 30% of a zone's rules and lists, unless raised for the run", async () => {
    // New resource names: the rule, the rate limit and the list of the stack are deleted (and
    // others created), 3 of the zone's 3.
    const renamed: ReadonlyArray<[string, string]> = [
      ['new WafCustomRule("block-admin"', 'new WafCustomRule("block-admin-2"'],
      ['new RateLimit("login"', 'new RateLimit("login-2"'],
      ['const office = new AccessList("office"', 'const office = new AccessList("office-2"'],
    ];
    const program = await changedExample(work, "mass-change", renamed);
    const { failed, stdout } = await outcome(example("preview", program));
    assert.ok(failed, `shield-mass-change is mandatory:\n${stdout}`);
    assert.match(
      violation(stdout, "shield-mass-change", "zone"),
      /\[mandatory\][\s\S]*zone \d+: this preview deletes 3 and replaces 0 of its 3 rules and lists \(100%\), over the threshold of 30%/,
    );
    const raised = path.join(work, "raised.json");
    await writeFile(raised, JSON.stringify({ "shield-mass-change": { maxShare: 1 } }));
    const allowed = await outcome(example("preview", program, "--policy-pack-config", raised));
    assert.ok(!allowed.failed, allowed.stdout);
    assert.doesNotMatch(allowed.stdout, /shield-mass-change {2}\(/);
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
    assert.deepEqual(names.split(","), [...SHIELD_POLICY_NAMES]);
    await assert.rejects(
      runInProgram(installed, 'require.resolve("@pulumi/policy")'),
      /Cannot find module '@pulumi\/policy'/,
    );
  });
});
