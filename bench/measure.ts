/**
 * Shared helpers of the benchmarks: medians, timers, memory probes, and the sizes of each
 * benchmark in its `full` (the real benchmark) and `smoke` (a quick structural check) presets.
 */
import { performance } from "node:perf_hooks";

/** Sizes and repetition counts of every benchmark. */
export interface Sizes {
  clientOverhead: {
    /** `getBotDetection` calls per side (client, bare) and run. */
    calls: number;
    /** The calls are split into this many rounds, alternating which side goes first. */
    rounds: number;
    /** Untimed calls per side before the first run (JIT, sockets). */
    warmup: number;
    runs: number;
  };
  connectionReuse: {
    /** PATCHes per run. */
    requests: number;
    /** Requests in flight at once. */
    concurrency: number;
    runs: number;
  };
  eventLogs: {
    /** Entries of the large day (the headline figure). */
    entries: number;
    /** Entries of the small day, to show that memory stays flat. */
    smallEntries: number;
    /** Entries per page served by the emulator. */
    pageSize: number;
    /** Peak-RSS sampling interval, ms. */
    sampleMs: number;
    runs: number;
  };
  search: {
    /** Search items seeded, all matched by the query. */
    results: number;
    runs: number;
  };
  providerCost: {
    /** Fresh processes that rebuild the provider from its text. */
    coldLoadRuns: number;
    /** Resources whose state entries are measured. */
    stateResources: number;
    /** Resource counts of the two program runs (per-resource cost at each). */
    programSmall: number;
    programLarge: number;
    programRuns: number;
  };
  stack: {
    resources: number;
    zones: number;
    /** Latency the emulator adds to every answer, ms. */
    latencyMs: number;
    /** Share of requests answered 429. */
    rateLimitProbability: number;
    /** `Retry-After` of those 429s, seconds. */
    retryAfterSeconds: number;
    runs: number;
  };
  /** Like `stack`, with every kind; and a program declaring such a stack at two sizes. */
  stack1000: Sizes["stack"] & {
    declareSmall: number;
    declareLarge: number;
    declareRuns: number;
  };
  openApiReading: {
    /** Path items of the first document; the next two have twice and four times as many. */
    paths: number;
    /** Characters of the largest document (as many path items as fit). */
    largeDocumentChars: number;
    /** Path items of the document 0.2.0's reader is timed on (0: not timed). */
    previousReaderPaths: number;
    runs: number;
  };
  generate: {
    /** Zones generated at once, each of 20 objects (bench/generate.ts). */
    zones: number;
    /** Latency the emulator adds to every answer, ms. */
    latencyMs: number;
    /** Reads in flight at once (`generateProgram`'s `concurrency`); 0: its default. */
    concurrency: number;
    /** Another concurrency measured in the same runs, alternating (0: none). */
    compareConcurrency: number;
    runs: number;
  };
  refresh: {
    /** AccessListConfigurations read at once. */
    resources: number;
    zones: number;
    /** Latency the emulator adds to every answer, ms. */
    latencyMs: number;
    /** Runs, each with both sides (shared reads and not). */
    runs: number;
  };
}

/** The benchmark sizes: `full` for `npm run bench`, `smoke` for `npm test`. */
export const sizes: { full: Sizes; smoke: Sizes } = {
  full: {
    clientOverhead: { calls: 2_000, rounds: 10, warmup: 300, runs: 5 },
    connectionReuse: { requests: 2_000, concurrency: 16, runs: 5 },
    eventLogs: { entries: 200_000, smallEntries: 20_000, pageSize: 200, sampleMs: 5, runs: 3 },
    search: { results: 10_000, runs: 5 },
    providerCost: {
      coldLoadRuns: 5,
      stateResources: 100,
      programSmall: 20,
      programLarge: 200,
      programRuns: 3,
    },
    stack: {
      resources: 200,
      zones: 20,
      latencyMs: 5,
      rateLimitProbability: 0.1,
      retryAfterSeconds: 1,
      runs: 1,
    },
    stack1000: {
      resources: 1_000,
      zones: 50,
      latencyMs: 5,
      rateLimitProbability: 0.1,
      retryAfterSeconds: 1,
      runs: 1,
      declareSmall: 100,
      declareLarge: 1_000,
      declareRuns: 3,
    },
    refresh: { resources: 200, zones: 20, latencyMs: 5, runs: 15 },
    generate: { zones: 50, latencyMs: 50, concurrency: 0, compareConcurrency: 16, runs: 6 },
    openApiReading: {
      paths: 20_000,
      largeDocumentChars: 7_000_000,
      previousReaderPaths: 20_000,
      runs: 3,
    },
  },
  smoke: {
    clientOverhead: { calls: 100, rounds: 2, warmup: 10, runs: 1 },
    connectionReuse: { requests: 200, concurrency: 16, runs: 1 },
    eventLogs: { entries: 4_000, smallEntries: 400, pageSize: 100, sampleMs: 5, runs: 1 },
    search: { results: 500, runs: 1 },
    providerCost: {
      coldLoadRuns: 1,
      stateResources: 10,
      programSmall: 5,
      programLarge: 20,
      programRuns: 1,
    },
    stack: {
      resources: 6,
      zones: 2,
      latencyMs: 5,
      rateLimitProbability: 0.1,
      retryAfterSeconds: 1,
      runs: 1,
    },
    stack1000: {
      resources: 24,
      zones: 2,
      latencyMs: 5,
      rateLimitProbability: 0.1,
      retryAfterSeconds: 0,
      runs: 1,
      declareSmall: 10,
      declareLarge: 20,
      declareRuns: 1,
    },
    refresh: { resources: 20, zones: 4, latencyMs: 5, runs: 1 },
    generate: { zones: 2, latencyMs: 5, concurrency: 0, compareConcurrency: 16, runs: 1 },
    openApiReading: {
      paths: 200,
      largeDocumentChars: 20_000,
      previousReaderPaths: 200,
      runs: 1,
    },
  },
};

/** The median of a non-empty list (the mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError("median of an empty list");
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Rounds to `digits` decimals (for printing and results.json; raw runs keep full precision). */
export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** A monotonic clock in milliseconds. */
export function now(): number {
  return performance.now();
}

/** Runs `work` and returns its value with the elapsed wall time in ms. */
export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

/** CPU time (user + system) of this process in microseconds, since `since` if given. */
export function cpuMicros(since?: NodeJS.CpuUsage): number {
  const usage = process.cpuUsage(since);
  return usage.user + usage.system;
}

/** Runs `work` `runs` times one after the other and returns every result. */
export async function repeat<T>(runs: number, work: (run: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let run = 0; run < runs; run++) results.push(await work(run));
  return results;
}

/** Runs `work` for items 0..count-1 with at most `concurrency` in flight. */
export async function pool(
  count: number,
  concurrency: number,
  work: (index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

export const MB = 1024 * 1024;

/** Forces a full garbage collection if Node runs with `--expose-gc`; false otherwise. */
export function collectGarbage(): boolean {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (typeof gc !== "function") return false;
  gc();
  gc();
  return true;
}

/** A label for an entry count: 20000 → "20k", 400 → "400". */
export function countLabel(count: number): string {
  return count >= 1000 && count % 1000 === 0 ? `${count / 1000}k` : String(count);
}

/** Sets `path` (e.g. "stack.resources") of a Sizes copy to a number, for `--set` overrides. */
export function withOverride(base: Sizes, path: string, value: number): Sizes {
  const copy = structuredClone(base) as unknown as Record<string, Record<string, number>>;
  const [group, key] = path.split(".");
  if (!group || !key || !(group in copy) || !(key in copy[group]!)) {
    throw new RangeError(`unknown size ${JSON.stringify(path)}`);
  }
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`bad value for ${path}`);
  copy[group]![key] = value;
  return copy as unknown as Sizes;
}
