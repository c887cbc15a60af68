/**
 * The benchmarks at tiny sizes: they run end to end and report well-formed figures. Speed
 * targets are not asserted here (they belong to `npm run bench`, on a quiet machine); only
 * structure, zero failures, and connection reuse, which does not depend on timing.
 */
import { strict as assert } from "node:assert";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { sizes } from "../../bench/measure";
import { BENCHMARKS, runBenchmarks, table } from "../../bench/run";
import type { GenerateResult } from "../../bench/generate";
import type { OpenApiReadingResult } from "../../bench/openapi-reading";
import type { Stack1000Result } from "../../bench/stack";
import { KINDS } from "../../src/resources";

const smoke = sizes.smoke;

/** Every named figure exists and is a finite number greater than zero. */
function assertPositive(results: Record<string, unknown>, dotted: readonly string[]): void {
  for (const name of dotted) {
    const value = name
      .split(".")
      .reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], results);
    assert.equal(typeof value, "number", `${name} is a number (got ${JSON.stringify(value)})`);
    assert.ok(Number.isFinite(value as number) && (value as number) > 0, `${name} = ${value}`);
  }
}

describe("benchmarks at smoke sizes", function () {
  this.timeout(240_000);

  it("the committed figures name no folder of the machine they ran on", () => {
    const text = readFileSync(path.join(__dirname, "../../bench/results.json"), "utf8");
    const absolute = text.match(/"(?:\/|[A-Za-z]:\\)[^"]*"/g) ?? [];
    assert.deepEqual(absolute, [], "absolute paths in bench/results.json");
  });

  it("client overhead: both sides measured, no failure", async () => {
    const r = await BENCHMARKS.clientOverhead!(smoke);
    assertPositive(r, [
      "clientOverheadRatio",
      "clientMicrosPerCall",
      "bareMicrosPerCall",
      "clientOverhead.cpuRatio",
      "clientOverhead.clientCpuMicrosPerCall",
      "clientOverhead.bareCpuMicrosPerCall",
    ]);
    assert.equal((r.clientOverhead as { failures: number }).failures, 0);
  });

  it("connection reuse: keep-alive holds the connections to the concurrency", async () => {
    const r = await BENCHMARKS.connectionReuse!(smoke);
    assertPositive(r, ["concurrency", "connectionsOpened", "requestsPerSecond"]);
    assert.equal(r.concurrency, smoke.connectionReuse.concurrency);
    assert.ok(
      (r.connectionsOpened as number) <= smoke.connectionReuse.concurrency + 4,
      `${r.connectionsOpened} connections for ${smoke.connectionReuse.concurrency} in flight`,
    );
    assert.equal((r.connectionReuse as { failures: number }).failures, 0);
  });

  it("event log streaming: every entry arrives, memory measured at both sizes and for the search", async () => {
    const r = await BENCHMARKS.eventLogs!(smoke);
    const logs = r.eventLogs as Record<string, unknown>;
    assert.equal(logs.entries, smoke.eventLogs.entries);
    assert.equal(logs.failures, 0);
    assertPositive(r, ["eventLogs.entriesPerSecond", "eventLogs.pages"]);
    for (const key of ["rssGrowthMB", "rssGrowthMBMax", "heapGrowthMB", "retainedHeapMB"]) {
      assert.ok(Number.isFinite(logs[key]), `${key} = ${logs[key]}`);
    }
    const flat = logs.flat as Record<string, number>;
    assert.deepEqual(Object.keys(flat).sort(), ["at400", "at4k"]);
    for (const value of Object.values(flat)) assert.ok(Number.isFinite(value));
    // The same day through the event-log search: every row arrives (failures count a miss).
    assertPositive(r, ["eventLogs.search.rowsPerSecond"]);
    const search = logs.search as Record<string, unknown>;
    for (const key of ["rssGrowthMB", "rssGrowthMBMax", "heapGrowthMB", "retainedHeapMB"]) {
      assert.ok(Number.isFinite(search[key]), `search.${key} = ${search[key]}`);
    }
  });

  it("search paging: every result, across pages", async () => {
    const r = await BENCHMARKS.search!(smoke);
    assertPositive(r, ["searchResultsPerSecond", "search.pages"]);
    assert.equal((r.search as { results: number }).results, smoke.search.results);
    assert.equal((r.search as { failures: number }).failures, 0);
  });

  it("provider cost: every kind's size and cold load, state and program figures from an installed copy", async () => {
    const r = await BENCHMARKS.providerCost!(smoke);
    const { stateResources, programLarge } = smoke.providerCost;
    assertPositive(r, [
      "providerBytesMax",
      "providerColdLoadMsMax",
      `stateBytesFor${stateResources}`,
      `programSecondsFor${programLarge}`,
      "provider.providerColdLoadInPluginMsMax",
      "provider.stateBytesPerResource",
      "provider.providerShareOfState",
      "provider.program.small.perResourceMs",
      "provider.program.large.perResourceMs",
    ]);
    const kinds = (r.provider as { kinds: Record<string, Record<string, number>> }).kinds;
    assert.deepEqual(Object.keys(kinds), [...KINDS]);
    for (const kind of KINDS) {
      assertPositive(
        r,
        ["providerBytes", "coldLoadMs", "coldLoadInPluginMs", "configuredMs", "clientLoadMs"].map(
          (figure) => `provider.kinds.${kind}.${figure}`,
        ),
      );
      // The cold load runs to the first check, past configure.
      assert.ok(kinds[kind]!.coldLoadMs > kinds[kind]!.configuredMs, kind);
    }
    assert.equal(r.providerBytesMax, Math.max(...KINDS.map((k) => kinds[k]!.providerBytes)));
    // Each state entry carries the provider text twice (inputs and outputs).
    const provider = r.provider as { stateBytesPerResource: number };
    assert.ok(provider.stateBytesPerResource > 2 * kinds.AccessListConfiguration!.providerBytes);
  });

  it("refresh: shared reads send one list read per zone, unshared ones one per resource", async () => {
    const r = await BENCHMARKS.refresh!(smoke);
    const f = r.refresh as Record<string, number>;
    assert.equal(f.resources, smoke.refresh.resources);
    assert.equal(f.failures, 0);
    // Counts, not speed: every read of a zone's list starts at once, so they share one request.
    assert.equal(f.getRequests, smoke.refresh.zones);
    assert.equal(f.unsharedGetRequests, smoke.refresh.resources);
    assertPositive(r, ["refresh.speedup", "refresh.sharedSeconds", "refresh.unsharedSeconds"]);
  });

  it("stack: every lifecycle step succeeds, both legs, state restored", async () => {
    const r = await BENCHMARKS.stack!(smoke);
    const s = r.stack as Record<string, unknown>;
    assert.equal(s.resources, smoke.stack.resources);
    assert.equal(s.failures, 0);
    assert.equal(s.stateRestored, true);
    assertPositive(r, [
      "stack.concurrentSeconds",
      "stack.sequentialSeconds",
      "stack.speedup",
      "stack.lowerBoundSeconds",
      "stack.ratioToLowerBound",
      "stack.sequentialLowerBoundSeconds",
      "stack.concurrent.requests",
      "stack.sequential.requests",
    ]);
    // A lower bound is a lower bound: measured time cannot beat it.
    assert.ok((s.ratioToLowerBound as number) >= 1, `ratio ${s.ratioToLowerBound}`);
  });

  it("stack1000: every kind through every phase, state restored, locked requests seen", async () => {
    const r = await BENCHMARKS.stack1000!(smoke);
    const s = r.stack1000 as Stack1000Result;
    assert.equal(s.resources, smoke.stack1000.resources);
    assert.deepEqual(Object.keys(s.kinds).sort(), [...KINDS].sort());
    assert.equal(s.failures, 0, JSON.stringify(s.leg.errors));
    assert.equal(s.stateRestored, true);
    assertPositive(r, [
      "stack1000.upSeconds",
      "stack1000.lowerBoundSeconds",
      "stack1000.ratioToLowerBound",
      "stack1000.lifecycleSeconds",
      "stack1000.lifecycleLowerBoundSeconds",
      ...["small", "large"].map((size) => `stack1000.declare.${size}.perResourceMs`),
    ]);
    const { declareSmall, declareLarge } = smoke.stack1000;
    assert.deepEqual(Object.keys(s.declareMsPerResource), [
      `at${declareSmall}`,
      `at${declareLarge}`,
    ]);
    for (const [phase, p] of Object.entries(s.leg.phases)) {
      assert.ok(p.ratioToLowerBound >= 1, `${phase}: ratio ${p.ratioToLowerBound}`);
      // Writes take the zone's lock, and the bound counts what was sent under it; a refresh
      // takes no lock.
      if (phase === "read") assert.equal(p.lockedRequests, 0);
      else assert.ok(p.lockedRequests > 0, `${phase}: no request was seen under a lock`);
    }
  });

  it("OpenAPI reading: both formats at every size, one operation per path item", async () => {
    const r = await BENCHMARKS.openApiReading!(smoke);
    const o = r.openApiReading as OpenApiReadingResult;
    assert.equal(o.failures, 0);
    const { paths } = smoke.openApiReading;
    assert.deepEqual(Object.keys(o.sizes), [...[1, 2, 4].map((n) => `at${paths * n}`), "large"]);
    assert.ok(o.sizes.large!.yamlChars <= smoke.openApiReading.largeDocumentChars);
    assertPositive(r, [
      "openApiReading.perPathGrowth",
      "openApiReading.largeYamlSeconds",
      "openApiReading.previousReader.speedup",
      ...Object.keys(o.sizes).flatMap((key) =>
        ["yamlMs", "jsonMs", "yamlToJsonRatio"].map((f) => `openApiReading.sizes.${key}.${f}`),
      ),
    ]);
  });

  it("generate: every zone's objects read once, nothing written, the same program each run", async () => {
    const r = await BENCHMARKS.generate!(smoke);
    const g = r.generate as GenerateResult;
    assert.equal(g.zones, smoke.generate.zones);
    assert.equal(g.objectsPerZone, 20);
    assert.equal(g.repeatedReads, 0, "every object read once");
    assert.equal(g.writes, 0);
    assert.equal(g.sameProgram, true);
    assert.equal(g.chainDepth, 3, "the zone, a listing, a custom list");
    assert.ok(g.readsPerZone >= 15, `${g.readsPerZone} reads per zone`);
    assert.equal(g.compared?.concurrency, smoke.generate.compareConcurrency);
    assertPositive(r, [
      "generate.seconds",
      "generate.lowerBoundSeconds",
      "generate.ratioToLowerBound",
      "generate.compared.ratioToLowerBound",
    ]);
  });

  it("runBenchmarks assembles results with targets and a printable table", async () => {
    const results = await runBenchmarks(smoke, ["search"]);
    assert.equal(results.errors, undefined);
    assert.ok(Array.isArray(results.targets));
    assert.match(table(results), /searchResultsPerSecond/);
  });
});
