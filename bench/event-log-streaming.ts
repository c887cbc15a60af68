/**
 * Event log streaming: every entry of a day through `client.eventLogs.list()` (200,000 entries over
 * 1,000 pages of 200 in the full preset), entries per second and memory. To show that memory
 * stays flat, a day ten times smaller is streamed as well and both growths are reported. The
 * large day is also streamed through the event-log search (`client.eventLogSearch.rows()`,
 * pages of 500 rows, the whole day as the window), which parses item by item the same way and
 * is held to the same bound (figures under `search`).
 *
 * Honest memory figures: the emulator runs in its own process, and every measurement runs in a
 * fresh worker process (`node --expose-gc`, see event-log-worker.ts) that warms up, forces a
 * full GC, takes its RSS, then samples peak RSS during the stream (on a timer and every 100
 * entries). A shared process would let a later measurement reuse heap pages an earlier one
 * had already grown, and make the large day look flatter than it is.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { formatEventLogDate } from "../src/emulator";
import { REPO, startChildEmulator } from "./emulator-process";
import type { WorkerResult } from "./event-log-worker";
import { countLabel, median, repeat, type Sizes } from "./measure";

const run = promisify(execFile);
const LARGE_ZONE = 1001;
const SMALL_ZONE = 1002;
/** Keeps the seeded volume (250 entries a day): the warm-up stream. */
const WARM_ZONE = 1003;

export interface EventLogsResult {
  /** Entries of the large day, and how many pages they came in. */
  entries: number;
  pages: number;
  runs: number;
  /** Median over runs, large day. */
  entriesPerSecond: number;
  /** Median over runs of the peak RSS growth while streaming the large day (target < 50 MB). */
  rssGrowthMB: number;
  /** The largest of those growths. */
  rssGrowthMBMax: number;
  heapGrowthMB: number;
  /** Heap still in use after the large stream and a full GC (near 0: nothing is kept). */
  retainedHeapMB: number;
  /** RSS growth (median) at the small and the large day, keyed `at<entries>`, e.g. at20k. */
  flat: Record<string, number>;
  /** The large day streamed through the event-log search. */
  search: {
    rowsPerSecond: number;
    /** Median over runs of the peak RSS growth (target < 50 MB, as for the logs). */
    rssGrowthMB: number;
    rssGrowthMBMax: number;
    heapGrowthMB: number;
    retainedHeapMB: number;
  };
  /** False if Node ran without --expose-gc (baselines then include uncollected garbage). */
  gcExposed: boolean;
  failures: number;
}

export async function eventLogStreaming(size: Sizes["eventLogs"]): Promise<EventLogsResult> {
  const emulator = await startChildEmulator({ eventLogPageSize: size.pageSize });
  try {
    const date = formatEventLogDate(new Date());
    const state = await emulator.state();
    state.eventLogVolumes = {
      [LARGE_ZONE]: { [date]: size.entries },
      [SMALL_ZONE]: { [date]: size.smallEntries },
    };
    await emulator.setState(state);

    const measure = async (zone: number, mode = "logs"): Promise<WorkerResult> => {
      const args = ["--expose-gc", "-r", "ts-node/register/transpile-only"];
      args.push("bench/event-log-worker.ts", emulator.url, String(zone), date);
      args.push(String(WARM_ZONE), String(size.sampleMs), mode);
      const { stdout } = await run(process.execPath, args, {
        cwd: REPO,
        env: { ...process.env, SHIELD_BENCH_API_KEY: emulator.apiKey },
      });
      return JSON.parse(stdout) as WorkerResult;
    };
    const runs = await repeat(size.runs, async () => ({
      small: await measure(SMALL_ZONE),
      large: await measure(LARGE_ZONE),
      search: await measure(LARGE_ZONE, "search"),
    }));

    const failures = runs.filter(
      (r) =>
        r.small.entries !== size.smallEntries ||
        r.large.entries !== size.entries ||
        r.search.entries !== size.entries,
    ).length;
    const large = runs.map((r) => r.large);
    const search = runs.map((r) => r.search);
    return {
      entries: size.entries,
      pages: Math.ceil(size.entries / size.pageSize),
      runs: size.runs,
      entriesPerSecond: median(large.map((r) => r.entries / r.seconds)),
      rssGrowthMB: median(large.map((r) => r.rssGrowthMB)),
      rssGrowthMBMax: Math.max(...large.map((r) => r.rssGrowthMB)),
      heapGrowthMB: median(large.map((r) => r.heapGrowthMB)),
      retainedHeapMB: median(large.map((r) => r.retainedHeapMB)),
      flat: {
        [`at${countLabel(size.smallEntries)}`]: median(runs.map((r) => r.small.rssGrowthMB)),
        [`at${countLabel(size.entries)}`]: median(large.map((r) => r.rssGrowthMB)),
      },
      search: {
        rowsPerSecond: median(search.map((r) => r.entries / r.seconds)),
        rssGrowthMB: median(search.map((r) => r.rssGrowthMB)),
        rssGrowthMBMax: Math.max(...search.map((r) => r.rssGrowthMB)),
        heapGrowthMB: median(search.map((r) => r.heapGrowthMB)),
        retainedHeapMB: median(search.map((r) => r.retainedHeapMB)),
      },
      gcExposed: runs.every((r) => r.small.gcExposed && r.large.gcExposed && r.search.gcExposed),
      failures,
    };
  } finally {
    await emulator.close();
  }
}
