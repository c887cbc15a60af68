/**
 * Preview truth under the real CLI: `pulumi preview --diff` of the example stack, for the changes
 * a pull request makes, reads as what `pulumi up` then does, on standard output (what the
 * pull-request comment takes). Each program is a changed copy of examples/index.ts, run by
 * scripts/stack.ts as `npm run example -- preview` runs it.
 */
import { strict as assert } from "node:assert";
import { mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { findCli } from "../support/cli-stack";
import { changedExample, runExample } from "../support/example-run";

/** The three lines of the pull request: WAF to Log, Tor list off, one office entry. */
const PULL_REQUEST: ReadonlyArray<[string, string]> = [
  ['wafExecutionMode: "Block"', 'wafExecutionMode: "Log"'],
  [
    'category: "TorExitNodes",\n  isEnabled: true,',
    'category: "TorExitNodes",\n  isEnabled: false,',
  ],
  [
    'entries: ["203.0.113.0/24", "198.51.100.7/32"]',
    'entries: ["203.0.113.0/24", "198.51.100.7/32", "192.0.2.0/24"]',
  ],
];
const ZONE_SETTING: [string, string] = [
  'ddosShieldSensitivity: "Medium"',
  'ddosShieldSensitivity: "High"',
];

/** The lines of the resource block `type` (e.g. `ShieldZone`) in a `--diff` preview. */
function block(stdout: string, type: string): string[] {
  const lines = stdout.split("\n");
  const start = lines.findIndex((l) => l.includes(`dynamic/bunnynet:${type}: (`));
  assert.ok(start >= 0, `no ${type} in the preview:\n${stdout}`);
  const end = lines.findIndex((l, i) => i > start && /^ {4}\S|^ {2}\S|^\S/.test(l.slice(0, 6)));
  return lines.slice(start, end < 0 ? undefined : end);
}

describe("previews under the real CLI read as what up does", function () {
  this.timeout(900_000);
  let work: string;
  let stateFile: string;

  const program = (name: string, changes: ReadonlyArray<[string, string]>) =>
    changedExample(work, name, changes);

  /** Runs scripts/stack.ts as `npm run example -- <command>` does; returns its standard output. */
  const example = (command: string, stack: string, programFile?: string) =>
    runExample({ work, stateFile, passphrase: "preview-test" }, command, stack, programFile);

  before(async function () {
    if (!findCli()) {
      console.log("      Pulumi CLI not found: run scripts/pulumi-cli.sh. This suite is pending.");
      this.skip();
    }
    work = await mkdtemp(path.join(tmpdir(), "shield-preview-"));
    await mkdir(path.join(work, "backend"));
    stateFile = path.join(work, "emulator", "state.json");
    const stdout = await example("up", "preview-pr");
    assert.match(stdout, /\+ 12 created/, stdout.slice(-3000));
  });

  it("a three-line pull request: 3 updates, no replacement, no [unknown], one added entry as one line, and up does the same", async () => {
    const changed = await program("pull-request", PULL_REQUEST);
    const preview = await example("preview", "preview-pr", changed);
    assert.match(preview, /~ 3 to update/, preview);
    assert.doesNotMatch(preview, /to replace|to create|to delete/, preview);
    assert.doesNotMatch(preview, /\[unknown\]/, preview);
    assert.doesNotMatch(preview, /adoptionChanges/, "a later preview carries no adoption lines");
    const entries = block(preview, "AccessList").filter((l) => /^\s+[-+~] \[\d+\]/.test(l));
    assert.deepEqual(
      entries.map((l) => l.trim()),
      ['+ [2]: "192.0.2.0/24"'],
      block(preview, "AccessList").join("\n"),
    );
    assert.ok(
      block(preview, "ShieldZone").some((l) => /~ wafExecutionMode\s*: "Block" => "Log"/.test(l)),
    );
    assert.ok(
      block(preview, "AccessListConfiguration").some((l) =>
        /~ isEnabled\s*: true => false/.test(l),
      ),
    );

    const up = await example("up", "preview-pr", changed);
    assert.match(up, /~ 3 updated/, up.slice(-3000));
    assert.doesNotMatch(up, /replaced|created|deleted/, up.slice(-3000));
    const after = await example("preview", "preview-pr", changed);
    assert.match(after, /12 unchanged/, after);
    assert.doesNotMatch(after, /adoptionChanges|to update/, after);
  });

  it("one zone setting alone: 1 update", async () => {
    const changed = await program("zone-setting", [...PULL_REQUEST, ZONE_SETTING]);
    const preview = await example("preview", "preview-pr", changed);
    assert.match(preview, /~ 1 to update/, preview);
    assert.doesNotMatch(preview, /to replace|\[unknown\]/, preview);
    assert.ok(
      block(preview, "ShieldZone").some((l) =>
        /~ ddosShieldSensitivity\s*: "Medium" => "High"/.test(l),
      ),
    );
  });

  it("a first adoption shows each declared setting whose live value differs, and only those", async () => {
    // Another stack adopts the same zone: live wafExecutionMode is "Log" (as declared here),
    // live ddosShieldSensitivity "Medium" (declared "High").
    const changed = await program("adoption", [...PULL_REQUEST, ZONE_SETTING]);
    const preview = await example("preview", "preview-adopt", changed);
    const zone = block(preview, "ShieldZone");
    assert.ok(zone[0].includes("(create)"), zone.join("\n"));
    const start = zone.findIndex((l) => /adoptionChanges\s*: \{/.test(l));
    assert.ok(start >= 0, zone.join("\n"));
    const lines = zone.slice(
      start + 1,
      zone.findIndex((l, i) => i > start && /^\s+\}$/.test(l)),
    );
    assert.deepEqual(
      lines.map((l) => l.trim()),
      ['ddosShieldSensitivity: "Medium => High"'],
      zone.join("\n"),
    );
  });
});
