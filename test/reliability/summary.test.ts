/**
 * The reliability suite's summary: a root-level `after` hook (it runs once, after every
 * test file of the run) that scans the console output captured during the suite for the
 * API key, prints what was tried and found, and fails the run on any leak or unhandled
 * rejection.
 */
import { strict as assert } from "node:assert";
import * as util from "node:util";
import { captured, scanText, tally } from "./tally";

after(function () {
  // Nothing of the suite ran (e.g. another file was selected with --grep): nothing to say.
  if (tally.faultsTried + tally.badInputsTried + tally.propertyRuns === 0) return;
  const output = captured.join("");
  if (output.length > 0) scanText(output, "console output of the suite");

  const rows: Array<[string, number | string]> = [
    ["faults tried", tally.faultsTried],
    ["  recovered by a retry", tally.faultsRecovered],
    ["  typed errors, message says what next", tally.faultsTypedErrors],
    ["lifecycle scenarios under faults", tally.lifecycleScenarios],
    ["bad inputs tried (all refused, 0 requests)", tally.badInputsTried],
    ["odd-but-legal route probes", tally.routeProbes],
    ["property-based runs", tally.propertyRuns],
    ["errors scanned for the key", tally.errorsScanned],
    ["other texts scanned for the key", tally.textsScanned],
    ["characters scanned", tally.charsScanned],
    ["unhandled rejections", tally.unhandledRejections.length],
    ["leaks found", tally.leaks.length],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const valueWidth = Math.max(...rows.map(([, value]) => String(value).length));
  const line = `  +-${"-".repeat(width)}-+-${"-".repeat(valueWidth)}-+`;
  const table = [
    "",
    "  Reliability and security summary",
    line,
    ...rows.map(
      ([label, value]) => `  | ${label.padEnd(width)} | ${String(value).padStart(valueWidth)} |`,
    ),
    line,
    ...tally.leaks.map((leak) => `  LEAK in ${leak.where}: ${JSON.stringify(leak.excerpt)}`),
    "",
  ].join("\n");
  process.stdout.write(`${table}\n`);

  assert.deepEqual(tally.leaks, [], "the API key leaked");
  assert.equal(
    tally.unhandledRejections.length,
    0,
    `unhandled rejections: ${tally.unhandledRejections.map((r) => util.inspect(r)).join("; ")}`,
  );
});
