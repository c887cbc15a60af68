/**
 * One event-log streaming measurement, in a process of its own (started by
 * event-log-streaming.ts with `--expose-gc`), so that its memory figures hold nothing but the
 * client streaming one day: no emulator, no earlier measurement's heap.
 *
 * Arguments: <url> <zoneId> <MM-dd-yyyy> <warm-up zoneId> <sample ms> <mode>; the key in
 * SHIELD_BENCH_API_KEY. The mode `logs` streams the day with `client.eventLogs.list()`, `search`
 * streams the same day's events with `client.eventLogSearch.rows()` (the whole UTC day as the
 * window). Prints one JSON line (see {@link WorkerResult}).
 */
import { ShieldClient } from "../src/client";
import { collectGarbage, MB, now } from "./measure";

/** What the worker prints. */
export interface WorkerResult {
  entries: number;
  seconds: number;
  /** Peak RSS during the stream minus RSS just before it (after a full GC when possible). */
  rssGrowthMB: number;
  /** The same for the V8 heap in use. */
  heapGrowthMB: number;
  /** Heap in use after the stream and a full GC, minus the baseline: what the stream kept. */
  retainedHeapMB: number;
  baselineRssMB: number;
  gcExposed: boolean;
}

/** The entries of a zone's day, each with its time, in the way `mode` reads them. */
function stream(
  client: ShieldClient,
  mode: string,
  zone: number,
  date: string,
): AsyncIterable<{ timestamp: number }> {
  if (mode === "logs") return client.eventLogs.list(zone, date);
  const [month, day, year] = date.split("-").map(Number) as [number, number, number];
  const from = Date.UTC(year, month - 1, day);
  return client.eventLogSearch.rows(zone, { from, to: from + 86_400_000 });
}

async function main(): Promise<void> {
  const [url, zone, date, warmZone, sampleMs, mode = "logs"] = process.argv.slice(2);
  const client = new ShieldClient({
    apiKey: process.env.SHIELD_BENCH_API_KEY ?? "",
    baseUrl: url,
  });

  // Warm-up on another zone: modules loaded, code compiled, a socket open.
  for await (const entry of stream(client, mode, Number(warmZone), date!)) void entry;

  const gcExposed = collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 50));
  collectGarbage();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const sample = (): void => {
    const { rss, heapUsed } = process.memoryUsage();
    if (rss > peakRss) peakRss = rss;
    if (heapUsed > peakHeap) peakHeap = heapUsed;
  };
  const timer = setInterval(sample, Number(sampleMs));

  let entries = 0;
  let checksum = 0;
  const start = now();
  for await (const entry of stream(client, mode, Number(zone), date!)) {
    checksum += entry.timestamp % 7;
    // The timer only fires between pages; sampling here as well sees the peak inside one.
    if (++entries % 100 === 0) sample();
  }
  const seconds = (now() - start) / 1000;
  clearInterval(timer);
  sample();
  collectGarbage();
  const retained = process.memoryUsage().heapUsed - base.heapUsed;

  const result: WorkerResult & { checksum: number } = {
    entries,
    seconds,
    rssGrowthMB: (peakRss - base.rss) / MB,
    heapGrowthMB: (peakHeap - base.heapUsed) / MB,
    retainedHeapMB: retained / MB,
    baselineRssMB: base.rss / MB,
    gcExposed,
    checksum,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
