/**
 * Runs every benchmark and writes bench/results.json, then prints a table.
 *
 *   npm run bench                      # full preset → bench/results.json
 *   npm run bench -- --smoke           # tiny sizes → bench/out/results.smoke.json
 *   npm run bench -- --only=stack,search --runs=3 --set=stack.resources=100 --out=file.json
 *
 * `--runs=N` sets every benchmark's run count; `--set=group.key=value` sets one size (see
 * `Sizes` in measure.ts). `npm run bench` runs Node with --expose-gc, so that memory figures
 * start from a collected heap.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { clientOverhead } from "./client-overhead";
import { connectionReuse } from "./connection-reuse";
import { eventLogStreaming } from "./event-log-streaming";
import { generateBenchmark } from "./generate";
import { round, sizes, withOverride, type Sizes } from "./measure";
import { openApiReading } from "./openapi-reading";
import { policyPack } from "./policy-pack";
import { pluginStart } from "./plugin-start";
import { pluginStack1000, pluginState } from "./plugin-stack";
import { providerCost } from "./provider-cost";
import { searchPaging } from "./search-paging";
import { refresh } from "./refresh";
import { stack, stack1000 } from "./stack";

/** A benchmark: runs with the given sizes and returns its part of results.json. */
export type Benchmark = (sizes: Sizes) => Promise<Record<string, unknown>>;

/** Every benchmark, in the order `npm run bench` runs them, keyed by `--only` name. */
export const BENCHMARKS: Record<string, Benchmark> = {
  async clientOverhead(s) {
    const r = await clientOverhead(s.clientOverhead);
    return {
      clientOverheadRatio: r.ratio,
      clientPlatformRatio: r.platformRatio,
      clientMicrosPerCall: r.clientMicrosPerCall,
      bareMicrosPerCall: r.bareMicrosPerCall,
      clientOverhead: r,
    };
  },
  async connectionReuse(s) {
    const r = await connectionReuse(s.connectionReuse);
    return {
      concurrency: r.concurrency,
      connectionsOpened: r.connectionsOpened,
      requestsPerSecond: r.requestsPerSecond,
      connectionReuse: r,
    };
  },
  async eventLogs(s) {
    return { eventLogs: await eventLogStreaming(s.eventLogs) };
  },
  async search(s) {
    const r = await searchPaging(s.search);
    return { searchResultsPerSecond: r.resultsPerSecond, search: r };
  },
  async providerCost(s) {
    const r = await providerCost(s.providerCost);
    return {
      providerBytesMax: r.providerBytesMax,
      providerColdLoadMsMax: r.providerColdLoadMsMax,
      [`stateBytesFor${r.stateResources}`]: r.stateBytes,
      [`programSecondsFor${r.program.large.resources}`]: r.program.large.seconds,
      provider: r,
    };
  },
  async refresh(s) {
    return { refresh: await refresh(s.refresh) };
  },
  async stack(s) {
    return { stack: await stack(s.stack) };
  },
  async stack1000(s) {
    return { stack1000: await stack1000(s.stack1000) };
  },
  async openApiReading(s) {
    return { openApiReading: await openApiReading(s.openApiReading) };
  },
  policyPack: async (s) => ({ policyPack: await policyPack(s) }),
  pluginStart: async () => ({ pluginStart: await pluginStart() }),
  pluginState: async (s) => ({ pluginState: await pluginState(s.stack1000) }),
  pluginStack1000: async (s) => ({ pluginStack1000: await pluginStack1000(s.stack1000) }),
  async generate(s) {
    return { generate: await generateBenchmark(s.generate) };
  },
};

/** A target a figure is held against. */
interface Target {
  benchmark: string;
  figure: string;
  target: string;
  met: (results: Record<string, unknown>) => boolean | undefined;
}

type Results = Record<string, unknown>;
const get = (results: Results, dotted: string): unknown =>
  dotted.split(".").reduce<unknown>((value, key) => (value as Results | undefined)?.[key], results);
const num = (results: Results, dotted: string): number | undefined => {
  const value = get(results, dotted);
  return typeof value === "number" ? value : undefined;
};
const check = (value: number | undefined, ok: (v: number) => boolean): boolean | undefined =>
  value === undefined ? undefined : ok(value);

const TARGETS: Target[] = [
  {
    benchmark: "clientOverhead",
    figure: "clientOverheadRatio",
    target: "≤ 1.08",
    met: (r) => check(num(r, "clientOverheadRatio"), (v) => v <= 1.08),
  },
  {
    benchmark: "connectionReuse",
    figure: "connectionsOpened",
    target: "≤ concurrency + 4",
    met: (r) => check(num(r, "connectionsOpened"), (v) => v <= (num(r, "concurrency") ?? 0) + 4),
  },
  {
    benchmark: "eventLogs",
    figure: "eventLogs.rssGrowthMB",
    target: "< 50",
    met: (r) => check(num(r, "eventLogs.rssGrowthMB"), (v) => v < 50),
  },
  {
    benchmark: "eventLogs",
    figure: "eventLogs.search.rssGrowthMB",
    target: "< 50",
    met: (r) => check(num(r, "eventLogs.search.rssGrowthMB"), (v) => v < 50),
  },
  {
    benchmark: "providerCost",
    figure: "providerBytesMax",
    target: "< 4096",
    met: (r) => check(num(r, "providerBytesMax"), (v) => v < 4096),
  },
  {
    benchmark: "providerCost",
    figure: "providerColdLoadMsMax",
    target: "< 150",
    met: (r) => check(num(r, "providerColdLoadMsMax"), (v) => v < 150),
  },
  {
    benchmark: "refresh",
    figure: "refresh.getRequests",
    target: "≤ 25",
    met: (r) => check(num(r, "refresh.getRequests"), (v) => v <= 25),
  },
  {
    benchmark: "refresh",
    figure: "refresh.speedup",
    target: "≥ 4",
    met: (r) => check(num(r, "refresh.speedup"), (v) => v >= 4),
  },
  {
    benchmark: "stack",
    figure: "stack.failures",
    target: "= 0",
    met: (r) => check(num(r, "stack.failures"), (v) => v === 0),
  },
  {
    benchmark: "stack",
    figure: "stack.speedup",
    target: "≥ 3",
    met: (r) => check(num(r, "stack.speedup"), (v) => v >= 3),
  },
  {
    benchmark: "stack1000",
    figure: "stack1000.failures",
    target: "= 0",
    met: (r) => check(num(r, "stack1000.failures"), (v) => v === 0),
  },
  {
    benchmark: "stack1000",
    figure: "stack1000.ratioToLowerBound",
    target: "≤ 1.3",
    met: (r) => check(num(r, "stack1000.ratioToLowerBound"), (v) => v <= 1.3),
  },
  {
    benchmark: "openApiReading",
    figure: "openApiReading.perPathGrowth",
    target: "≤ 1.5",
    met: (r) => check(num(r, "openApiReading.perPathGrowth"), (v) => v <= 1.5),
  },
  {
    benchmark: "openApiReading",
    figure: "openApiReading.failures",
    target: "= 0",
    met: (r) => check(num(r, "openApiReading.failures"), (v) => v === 0),
  },
  {
    benchmark: "generate",
    figure: "generate.ratioToLowerBound",
    target: "≤ 1.2",
    met: (r) => check(num(r, "generate.ratioToLowerBound"), (v) => v <= 1.2),
  },
  {
    benchmark: "generate",
    figure: "generate.repeatedReads",
    target: "= 0",
    met: (r) => check(num(r, "generate.repeatedReads"), (v) => v === 0),
  },
  {
    benchmark: "pluginStart",
    figure: "pluginStart.executableMs",
    target: "≤ 250",
    met: (r) => check(num(r, "pluginStart.executableMs"), (v) => v <= 250),
  },
  {
    benchmark: "pluginState",
    figure: "pluginState.plugin.bytesPerResource",
    target: "≤ 1536",
    met: (r) => check(num(r, "pluginState.plugin.bytesPerResource"), (v) => v <= 1536),
  },
  {
    benchmark: "pluginStack1000",
    figure: "pluginStack1000.plugin.failures",
    target: "= 0",
    met: (r) => check(num(r, "pluginStack1000.plugin.failures"), (v) => v === 0),
  },
  {
    // The provider's part: from the first request to the last answer. The whole `up` adds the
    // CLI's, the language host's and the program's start, the same on either form (printed).
    benchmark: "pluginStack1000",
    figure: "pluginStack1000.plugin.spanRatioToLowerBound",
    target: "≤ 1.1",
    met: (r) => check(num(r, "pluginStack1000.plugin.spanRatioToLowerBound"), (v) => v <= 1.1),
  },
];

/** Figures printed without a target, to read alongside. */
const INFORMATIONAL: Array<[string, string, string]> = [
  ["clientOverhead", "clientMicrosPerCall", "µs"],
  ["clientOverhead", "bareMicrosPerCall", "µs"],
  ["clientOverhead", "clientOverhead.cpuRatio", ""],
  ["clientOverhead", "clientPlatformRatio", ""],
  ["clientOverhead", "clientOverhead.platformMicrosPerCall", "µs"],
  ["connectionReuse", "requestsPerSecond", "req/s"],
  ["eventLogs", "eventLogs.entriesPerSecond", "entries/s"],
  ["eventLogs", "eventLogs.rssGrowthMBMax", "MB"],
  ["eventLogs", "eventLogs.retainedHeapMB", "MB"],
  ["eventLogs", "eventLogs.search.rowsPerSecond", "rows/s"],
  ["eventLogs", "eventLogs.search.retainedHeapMB", "MB"],
  ["search", "searchResultsPerSecond", "results/s"],
  ["providerCost", "provider.providerColdLoadInPluginMsMax", "ms"],
  ["providerCost", "provider.stateBytesPerResource", "bytes"],
  ["providerCost", "provider.program.small.perResourceMs", "ms"],
  ["providerCost", "provider.program.large.perResourceMs", "ms"],
  ["stack", "stack.concurrentSeconds", "s"],
  ["stack", "stack.sequentialSeconds", "s"],
  ["stack", "stack.lowerBoundSeconds", "s"],
  ["stack", "stack.ratioToLowerBound", ""],
  ["refresh", "refresh.sharedSeconds", "s"],
  ["refresh", "refresh.unsharedSeconds", "s"],
  ["refresh", "refresh.unsharedGetRequests", ""],
  ["stack1000", "stack1000.resources", ""],
  ["stack1000", "stack1000.upSeconds", "s"],
  ["stack1000", "stack1000.lowerBoundSeconds", "s"],
  ["stack1000", "stack1000.lifecycleSeconds", "s"],
  ["stack1000", "stack1000.lifecycleLowerBoundSeconds", "s"],
  ["openApiReading", "openApiReading.largeYamlSeconds", "s"],
  ["openApiReading", "openApiReading.sizes.large.jsonMs", "ms"],
  ["openApiReading", "openApiReading.sizes.large.yamlChars", "chars"],
  ["openApiReading", "openApiReading.previousReader.speedup", ""],
  ["generate", "generate.seconds", "s"],
  ["generate", "generate.lowerBoundSeconds", "s"],
  ["generate", "generate.reads", ""],
  ["generate", "generate.cpuSeconds", "s"],
  ["pluginState", "pluginState.dynamic.bytesPerResource", "bytes"],
  ["pluginStack1000", "pluginStack1000.plugin.ratioToLowerBound", ""],
  ["pluginStack1000", "pluginStack1000.plugin.upStartSeconds", "s"],
  ["pluginStack1000", "pluginStack1000.dynamic.spanRatioToLowerBound", ""],
  ["pluginStack1000", "pluginStack1000.dynamic.ratioToLowerBound", ""],
];

/** Figures that are objects of numbers, printed member by member. */
const GROUPS: Array<[string, string]> = [
  ["eventLogs.flat", "MB"],
  ["stack1000.declareMsPerResource", "ms"],
  ["openApiReading.yamlMs", "ms"],
  ["openApiReading.jsonMs", "ms"],
];

/** Runs the chosen benchmarks; a failing one is reported under `errors` and the rest go on. */
export async function runBenchmarks(
  chosen: Sizes,
  only: readonly string[] = Object.keys(BENCHMARKS),
  log: (line: string) => void = () => undefined,
): Promise<Results> {
  const results: Results = {};
  const errors: Record<string, string> = {};
  const seconds: Record<string, number> = {};
  for (const name of only) {
    const benchmark = BENCHMARKS[name];
    if (!benchmark) throw new RangeError(`unknown benchmark ${JSON.stringify(name)}`);
    log(`running ${name} …`);
    const start = Date.now();
    try {
      Object.assign(results, await benchmark(chosen));
    } catch (error) {
      errors[name] = error instanceof Error ? (error.stack ?? error.message) : String(error);
      log(`  ${name} failed: ${errors[name]}`);
    }
    seconds[name] = (Date.now() - start) / 1000;
    log(`  ${name} took ${seconds[name]!.toFixed(1)} s`);
  }
  results.targets = TARGETS.filter((t) => only.includes(t.benchmark)).map((t) => ({
    figure: t.figure,
    value: get(results, t.figure),
    target: t.target,
    met: t.met(results) ?? null,
  }));
  results.benchmarkSeconds = seconds;
  if (Object.keys(errors).length > 0) results.errors = errors;
  return results;
}

/** The results as a readable table. */
export function table(results: Results): string {
  const rows: string[][] = [["figure", "value", "target", ""]];
  const show = (value: unknown): string =>
    typeof value === "number"
      ? String(round(value, Math.abs(value) >= 100 ? 0 : 3))
      : JSON.stringify(value ?? null);
  for (const t of (results.targets as Array<{
    figure: string;
    value: unknown;
    target: string;
    met: boolean | null;
  }>) ?? []) {
    rows.push([t.figure, show(t.value), t.target, t.met === null ? "?" : t.met ? "ok" : "MISSED"]);
  }
  for (const [, figure, unit] of INFORMATIONAL) {
    const value = get(results, figure);
    if (value !== undefined) rows.push([figure, `${show(value)} ${unit}`.trim(), "", ""]);
  }
  for (const [group, unit] of GROUPS) {
    const members = get(results, group) as Record<string, number> | undefined;
    for (const [key, value] of Object.entries(members ?? {})) {
      rows.push([`${group}.${key}`, `${show(value)} ${unit}`, "", ""]);
    }
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r, n) => {
      const line = r.map((cell, i) => cell.padEnd(widths[i]!)).join("  ");
      return n === 0 ? `${line}\n${widths.map((w) => "-".repeat(w)).join("  ")}` : line;
    })
    .join("\n");
}

function machine(): Record<string, unknown> {
  return {
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    memoryGB: round(os.totalmem() / 1024 ** 3, 1),
    loadAverage: os.loadavg().map((v) => round(v, 2)),
  };
}

async function main(argv: string[]): Promise<void> {
  let preset: "full" | "smoke" = "full";
  let only = Object.keys(BENCHMARKS);
  let out: string | undefined;
  const overrides: string[] = [];
  for (const arg of argv) {
    const [flag, value = ""] = arg.split(/=(.*)/s, 2) as [string, string?];
    if (flag === "--smoke") preset = "smoke";
    else if (flag === "--only") only = value.split(",").filter(Boolean);
    else if (flag === "--out") out = value;
    else if (flag === "--runs" || flag === "--set") overrides.push(arg);
    else throw new RangeError(`unknown argument ${arg}`);
  }
  let chosen: Sizes = sizes[preset];
  for (const arg of overrides) {
    const [flag, value = ""] = arg.split(/=(.*)/s, 2) as [string, string?];
    if (flag === "--runs") {
      // Only the groups that repeat their measurement have a run count.
      for (const group of Object.keys(chosen) as Array<keyof Sizes>) {
        if ("runs" in chosen[group]) chosen = withOverride(chosen, `${group}.runs`, Number(value));
      }
    } else {
      const [key, n] = value.split("=");
      chosen = withOverride(chosen, key ?? "", Number(n));
    }
  }
  out ??=
    preset === "full"
      ? path.join(__dirname, "results.json")
      : path.join(__dirname, "out", "results.smoke.json");

  const started = new Date();
  const before = machine();
  const results = await runBenchmarks(chosen, only, (line) => process.stderr.write(`${line}\n`));
  const document = {
    meta: {
      date: started.toISOString(),
      preset,
      // Relative paths only: the figures are committed, and must not name the machine's folders.
      command: ["node", ...process.execArgv, ...process.argv.slice(1)]
        .map((arg) => (path.isAbsolute(arg) ? path.relative(process.cwd(), arg) : arg))
        .join(" "),
      gcExposed: typeof (globalThis as { gc?: unknown }).gc === "function",
      machine: before,
      loadAverageAfter: os.loadavg().map((v) => round(v, 2)),
      note: "each figure is the median of `runs` runs; ratios are measured side by side in one run",
      sizes: chosen,
    },
    ...results,
  };
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`);
  process.stdout.write(`\n${table(results)}\n\nwritten to ${path.relative(process.cwd(), out)}\n`);
  if (results.errors) process.exitCode = 1;
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : error}\n`);
    process.exit(1);
  });
}
