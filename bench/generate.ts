/**
 * `generateProgram` over many zones (issue 33): `zones` Advanced zones of `objectsPerZone`
 * objects each, configured through the client as the dashboard would, read with the emulator's
 * latency on. Each run generates the program of every zone at once and is held against the lower
 * bound that the latency and the reads it needs set: every object read once, the reads of all
 * zones concurrent, as far as the transport's sockets allow. The bound and the measured time are
 * taken from the same run (its recorded requests), so their ratio is measured side by side.
 */
import { ShieldClient } from "../src/client";
import { generateProgram } from "../src/generate";
import { DEFAULT_CONCURRENCY } from "../src/generate/generate";
import type { RecordedRequest } from "../src/emulator";
import { guardianDocument } from "../test/resources/api-guardian.fixtures";
import { configureRichZone, type RichZoneSize } from "../test/support/rich-zone";
import { startChildEmulator } from "./emulator-process";
import { cpuMicros, median, now, round, type Sizes } from "./measure";
import { benchZones } from "./stack-kinds";

/** Sockets the transport's agent holds at most (src/client/connection.ts). */
const SOCKETS = 32;

/**
 * What each zone holds: the five zone-wide objects (the zone's settings, bot detection, bot
 * categorization, upload scanning, API Guardian), its 4 managed and 2 seeded custom lists, and
 * what {@link configureRichZone} adds: 20 objects with these sizes.
 */
const PER_ZONE: RichZoneSize = {
  customLists: 2,
  entries: 100,
  wafRules: 4,
  conditions: 3,
  rateLimits: 1,
  pages: ["block", "challenge"],
};
const objectsIn = (size: RichZoneSize) =>
  5 + 4 + 2 + size.customLists + size.wafRules + size.rateLimits + size.pages.length;

/** One run's figures. */
export interface GenerateRun {
  seconds: number;
  lowerBoundSeconds: number;
  ratio: number;
  /** API requests of the run (all reads), and how many asked for something read already. */
  reads: number;
  repeatedReads: number;
  /** The longest chain of reads that wait for one another (the zone, a listing, a list). */
  chainDepth: number;
  cpuSeconds: number;
}

/** What results.json records. */
export interface GenerateResult {
  zones: number;
  objectsPerZone: number;
  latencyMs: number;
  concurrency: number;
  /** Reads per run, per zone, and reads asked twice (0: every object read once). */
  reads: number;
  readsPerZone: number;
  repeatedReads: number;
  writes: number;
  chainDepth: number;
  seconds: number;
  lowerBoundSeconds: number;
  /** Median of the runs' measured ÷ bound. */
  ratioToLowerBound: number;
  cpuSeconds: number;
  /** Every run wrote the same program (the files compared). */
  sameProgram: boolean;
  files: number;
  indexBytes: number;
  perRun: GenerateRun[];
  /** The same runs at another concurrency (the socket pool's), alternating with these. */
  compared?: {
    concurrency: number;
    seconds: number;
    lowerBoundSeconds: number;
    ratioToLowerBound: number;
    cpuSeconds: number;
    perRun: GenerateRun[];
  };
}

/**
 * How many reads of `request` must happen one after another up to and including it: the zone
 * first, then what the zone's id names; a custom list after the listing that gives its id; the
 * n-th page of a listing after the pages before it.
 */
function depthOf(request: RecordedRequest): number {
  switch (request.route) {
    case "getShieldZoneDefaults":
    case "getShieldZoneByPullZone":
    case "getShieldZone":
      return 1;
    case "getCustomAccessList":
      return 3;
    case "listWafCustomRules":
    case "listRateLimits":
      return 1 + Number(request.query.page ?? 1);
    default:
      return 2;
  }
}

/** The lower bound of a run from its requests: the longest chain, or the sockets' turns. */
function lowerBound(requests: readonly RecordedRequest[], latencyMs: number) {
  const chainDepth = Math.max(...requests.map(depthOf));
  const turns = Math.ceil(requests.length / SOCKETS);
  return { chainDepth, seconds: (Math.max(chainDepth, turns) * latencyMs) / 1000 };
}

/** Runs the benchmark. */
export async function generateBenchmark(s: Sizes["generate"]): Promise<GenerateResult> {
  const emu = await startChildEmulator({ latencyMs: s.latencyMs });
  try {
    const snapshot = benchZones(s.zones, 0);
    await emu.setState(snapshot);
    const client = new ShieldClient({ apiKey: emu.apiKey, baseUrl: emu.url });
    // Configured as the dashboard would (untimed), every zone at once.
    await Promise.all(
      snapshot.zones.map((z) => configureRichZone(client, z.shieldZoneId, PER_ZONE)),
    );
    const zones = snapshot.zones.map((z) => ({
      pullZoneId: z.pullZoneId,
      openApiDocument: guardianDocument("2.0.0"),
    }));
    const settings = { apiKey: emu.apiKey, apiUrl: emu.url };
    const concurrency = s.concurrency > 0 ? s.concurrency : undefined;
    const generate = (limit: number | undefined) =>
      generateProgram({ zones, settings, concurrency: limit });
    // One untimed run: the generator's modules loaded, the sockets open.
    const reference = JSON.stringify((await generate(concurrency)).files);

    const legs = { main: [] as GenerateRun[], compared: [] as GenerateRun[] };
    let sameProgram = true;
    let writes = 0;
    let files = 0;
    let indexBytes = 0;
    const measure = async (limit: number | undefined): Promise<GenerateRun> => {
      await emu.clearRequests();
      const cpu = process.cpuUsage();
      const start = now();
      const generated = await generate(limit);
      const ms = now() - start;
      const cpuSeconds = cpuMicros(cpu) / 1e6;
      const requests = (await emu.requests()).filter((r) => r.route !== null);
      writes += requests.filter((r) => r.method !== "GET").length;
      const seen = new Set<string>();
      let repeatedReads = 0;
      for (const r of requests) {
        const key = `${r.method} ${r.path}?${new URLSearchParams(r.query).toString()}`;
        if (seen.has(key)) repeatedReads++;
        seen.add(key);
      }
      if (JSON.stringify(generated.files) !== reference) sameProgram = false;
      files = Object.keys(generated.files).length;
      indexBytes = Buffer.byteLength(generated.files["index.ts"] ?? "");
      const bound = lowerBound(requests, s.latencyMs);
      return {
        seconds: ms / 1000,
        lowerBoundSeconds: bound.seconds,
        ratio: ms / 1000 / bound.seconds,
        reads: requests.length,
        repeatedReads,
        chainDepth: bound.chainDepth,
        cpuSeconds,
      };
    };
    for (let run = 0; run < s.runs; run++) {
      // With a second concurrency, the two alternate which goes first.
      if (s.compareConcurrency > 0 && run % 2 === 1)
        legs.compared.push(await measure(s.compareConcurrency));
      legs.main.push(await measure(concurrency));
      if (s.compareConcurrency > 0 && run % 2 === 0)
        legs.compared.push(await measure(s.compareConcurrency));
    }
    const summary = (runs: GenerateRun[]) => ({
      seconds: round(median(runs.map((r) => r.seconds)), 3),
      lowerBoundSeconds: round(median(runs.map((r) => r.lowerBoundSeconds)), 3),
      ratioToLowerBound: round(median(runs.map((r) => r.ratio)), 3),
      cpuSeconds: round(median(runs.map((r) => r.cpuSeconds)), 3),
    });
    const rounded = (r: GenerateRun): GenerateRun => ({
      seconds: round(r.seconds, 3),
      lowerBoundSeconds: round(r.lowerBoundSeconds, 3),
      ratio: round(r.ratio, 3),
      reads: r.reads,
      repeatedReads: r.repeatedReads,
      chainDepth: r.chainDepth,
      cpuSeconds: round(r.cpuSeconds, 3),
    });
    const all = [...legs.main, ...legs.compared];
    const last = legs.main[legs.main.length - 1]!;
    return {
      zones: s.zones,
      objectsPerZone: objectsIn(PER_ZONE),
      latencyMs: s.latencyMs,
      concurrency: concurrency ?? DEFAULT_CONCURRENCY,
      reads: last.reads,
      readsPerZone: round(last.reads / s.zones, 2),
      repeatedReads: Math.max(...all.map((r) => r.repeatedReads)),
      writes,
      chainDepth: last.chainDepth,
      ...summary(legs.main),
      sameProgram,
      files,
      indexBytes,
      perRun: legs.main.map(rounded),
      ...(legs.compared.length > 0
        ? {
            compared: {
              concurrency: s.compareConcurrency,
              ...summary(legs.compared),
              perRun: legs.compared.map(rounded),
            },
          }
        : {}),
    };
  } finally {
    await emu.close();
  }
}
