/**
 * A stack of AccessListConfigurations (200 over 20 zones in the full preset) through the
 * provider's own methods, the way the engine drives them: `create` (after `check`), then
 * `update` (after `diff`), then `read` (a refresh), then `delete`, each phase over every
 * resource, once all at once (Promise.all, like the engine's parallelism) and once one by one.
 * The emulator adds latency to every answer and rate-limits a share of requests with 429 and
 * `Retry-After`. The measured time is compared with a lower bound computed from the requests the
 * emulator actually saw (see bench/README.md).
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { EmulatorState, type RecordedRequest, type StateSnapshot } from "../src/emulator";
import {
  AccessListConfigurationProvider,
  type AccessListConfigurationInputs,
  type AccessListConfigurationOutputs,
} from "../src/resources";
import { startChildEmulator, type ChildEmulator } from "./emulator-process";
import { median, now, repeat, type Sizes } from "./measure";

/** The transport's pool size (maxSockets of its keep-alive agent, src/client/transport.ts). */
const POOL_SOCKETS = 32;
const ADVANCED_PLAN = 1;
const PHASES = ["create", "update", "read", "delete"] as const;
type Phase = (typeof PHASES)[number];
/** Phases whose requests the provider serializes per zone (withZoneLock). */
const LOCKED: ReadonlySet<Phase> = new Set(["create", "update", "delete"]);

interface Target {
  shieldZoneId: number;
  configurationId: number;
  isEnabled: boolean;
}

export interface PhaseResult {
  seconds: number;
  lowerBoundSeconds: number;
  requests: number;
  rateLimited: number;
  failures: number;
}

export interface LegResult {
  seconds: number;
  lowerBoundSeconds: number;
  requests: number;
  rateLimited: number;
  failures: number;
  /** The emulator's access lists are back to their values before the leg (onDelete: restore). */
  stateRestored: boolean;
  phases: Record<Phase, PhaseResult>;
}

export interface StackResult {
  resources: number;
  zones: number;
  latencyMs: number;
  rateLimitProbability: number;
  retryAfterSeconds: number;
  runs: number;
  /** Medians over runs. */
  concurrentSeconds: number;
  sequentialSeconds: number;
  /** Failed provider calls, both legs, all runs (target 0). */
  failures: number;
  /** sequentialSeconds / concurrentSeconds (target ≥ 3). */
  speedup: number;
  /** Lower bound of the concurrent leg, from the requests it made (see README). */
  lowerBoundSeconds: number;
  /** concurrentSeconds / lowerBoundSeconds. */
  ratioToLowerBound: number;
  sequentialLowerBoundSeconds: number;
  sequentialRatioToLowerBound: number;
  stateRestored: boolean;
  /** The last run's legs, phase by phase. */
  concurrent: LegResult;
  sequential: LegResult;
}

export async function stack(size: Sizes["stack"]): Promise<StackResult> {
  const { snapshot, targets } = stackState(size.resources, size.zones);
  const emulator = await startChildEmulator({ latencyMs: size.latencyMs, state: snapshot });
  try {
    await emulator.addFault({
      route: "*",
      status: 429,
      retryAfter: size.retryAfterSeconds,
      probability: size.rateLimitProbability,
      times: "Infinity",
    });
    const provider = new AccessListConfigurationProvider();
    const config = { "bunnynet:apiKey": emulator.apiKey, "bunnynet:apiUrl": emulator.url };
    await provider.configure({
      config: { get: (key: string) => config[key as keyof typeof config] },
    } as unknown as dynamic.ConfigureRequest);

    const bounds = { latencyMs: size.latencyMs, retryAfterMs: size.retryAfterSeconds * 1000 };
    const runs = await repeat(size.runs, async () => {
      const concurrent = await leg(provider, emulator, targets, snapshot, "concurrent", bounds);
      const sequential = await leg(provider, emulator, targets, snapshot, "sequential", bounds);
      return { concurrent, sequential };
    });

    const concurrentSeconds = median(runs.map((r) => r.concurrent.seconds));
    const sequentialSeconds = median(runs.map((r) => r.sequential.seconds));
    const lowerBoundSeconds = median(runs.map((r) => r.concurrent.lowerBoundSeconds));
    const sequentialLowerBoundSeconds = median(runs.map((r) => r.sequential.lowerBoundSeconds));
    const last = runs[runs.length - 1]!;
    return {
      resources: targets.length,
      zones: size.zones,
      latencyMs: size.latencyMs,
      rateLimitProbability: size.rateLimitProbability,
      retryAfterSeconds: size.retryAfterSeconds,
      runs: size.runs,
      concurrentSeconds,
      sequentialSeconds,
      failures: runs.reduce((n, r) => n + r.concurrent.failures + r.sequential.failures, 0),
      speedup: sequentialSeconds / concurrentSeconds,
      lowerBoundSeconds,
      ratioToLowerBound: concurrentSeconds / lowerBoundSeconds,
      sequentialLowerBoundSeconds,
      sequentialRatioToLowerBound: sequentialSeconds / sequentialLowerBoundSeconds,
      stateRestored: runs.every((r) => r.concurrent.stateRestored && r.sequential.stateRestored),
      concurrent: last.concurrent,
      sequential: last.sequential,
    };
  } finally {
    await emulator.close();
  }
}

/**
 * `zones` Advanced zones (so that every list may be changed), each with enough access lists
 * for its share of the resources (the seed gives 6; more custom lists are added), and the
 * (zone, configuration) pairs the resources manage, spread evenly over the zones.
 */
export function stackState(
  resources: number,
  zones: number,
): { snapshot: StateSnapshot; targets: Target[] } {
  const state = EmulatorState.seeded({ zones: 0, searchItems: 0 });
  for (let z = 0; z < zones; z++) state.addZone({ planType: ADVANCED_PLAN });
  const snapshot = state.toJSON();
  const perZone = Math.ceil(resources / zones);
  for (const zone of snapshot.zones) {
    const template = zone.customLists[0]!;
    for (let n = 13; zone.managedLists.length + zone.customLists.length < perZone; n++) {
      zone.customLists.push({
        ...template,
        listId: zone.shieldZoneId * 1000 + n,
        configurationId: zone.shieldZoneId * 100 + n,
        name: `Benchmark list ${n}`,
        isEnabled: n % 2 === 0,
      });
    }
  }
  const targets: Target[] = [];
  for (let i = 0; i < resources; i++) {
    const zone = snapshot.zones[i % zones]!;
    const list = [...zone.managedLists, ...zone.customLists][Math.floor(i / zones)]!;
    targets.push({
      shieldZoneId: zone.shieldZoneId,
      configurationId: list.configurationId,
      isEnabled: list.isEnabled,
    });
  }
  return { snapshot, targets };
}

interface Managed {
  id: string;
  inputs: AccessListConfigurationInputs;
  outs: AccessListConfigurationOutputs;
}

async function leg(
  provider: AccessListConfigurationProvider,
  emulator: ChildEmulator,
  targets: readonly Target[],
  initial: StateSnapshot,
  mode: "concurrent" | "sequential",
  bounds: { latencyMs: number; retryAfterMs: number },
): Promise<LegResult> {
  const managed: Array<Managed | undefined> = [];
  const phases = {} as Record<Phase, PhaseResult>;

  const steps: Record<Phase, (i: number) => Promise<void>> = {
    // Adopt with the opposite of the current value, so that create PATCHes.
    create: async (i) => {
      const t = targets[i]!;
      const news = { ...t, isEnabled: !t.isEnabled, action: "Log", __provider: "benchmark" };
      const checked = await provider.check({}, news);
      if (checked.failures?.length) throw new Error(JSON.stringify(checked.failures));
      const inputs = checked.inputs as AccessListConfigurationInputs;
      const created = await provider.create(inputs);
      managed[i] = { id: created.id, inputs, outs: created.outs as AccessListConfigurationOutputs };
    },
    update: async (i) => {
      const m = managed[i];
      if (!m) return; // its create failed, counted there
      const news = { ...m.inputs, isEnabled: !m.inputs.isEnabled };
      const changes = await provider.diff(m.id, m.outs, news);
      if (!changes.changes) throw new Error(`diff of ${m.id} saw no change`);
      const updated = await provider.update(m.id, m.outs, news);
      managed[i] = { ...m, inputs: news, outs: updated.outs as AccessListConfigurationOutputs };
    },
    read: async (i) => {
      const m = managed[i];
      if (!m) return;
      const read = await provider.read(m.id, m.outs);
      if (read.id !== m.id) throw new Error(`refresh lost ${m.id}`);
    },
    delete: async (i) => {
      const m = managed[i];
      if (m) await provider.delete(m.id, m.outs);
    },
  };

  let seconds = 0;
  for (const phase of PHASES) {
    await emulator.clearRequests();
    const start = now();
    let outcomes: PromiseSettledResult<void>[];
    if (mode === "concurrent") {
      outcomes = await Promise.allSettled(targets.map((_, i) => steps[phase](i)));
    } else {
      outcomes = [];
      for (let i = 0; i < targets.length; i++) {
        outcomes.push(...(await Promise.allSettled([steps[phase](i)])));
      }
    }
    const elapsed = (now() - start) / 1000;
    seconds += elapsed;
    const records = await emulator.requests();
    phases[phase] = {
      seconds: elapsed,
      lowerBoundSeconds:
        mode === "concurrent"
          ? concurrentLowerBound(records, LOCKED.has(phase), bounds) / 1000
          : sequentialLowerBound(records, bounds) / 1000,
      requests: records.length,
      rateLimited: records.filter((r) => r.status === 429).length,
      failures: outcomes.filter((o) => o.status === "rejected").length,
    };
  }

  const sum = (field: keyof PhaseResult) => PHASES.reduce((n, p) => n + phases[p][field], 0);
  return {
    seconds,
    lowerBoundSeconds: sum("lowerBoundSeconds"),
    requests: sum("requests"),
    rateLimited: sum("rateLimited"),
    failures: sum("failures"),
    stateRestored: sameLists(initial, await emulator.state()),
    phases,
  };
}

/**
 * Every request one after the other: each costs the latency, each 429 adds its Retry-After wait.
 * In ms.
 */
export function sequentialLowerBound(
  records: readonly RecordedRequest[],
  { latencyMs, retryAfterMs }: { latencyMs: number; retryAfterMs: number },
): number {
  return records.length * latencyMs + records.filter((r) => r.status === 429).length * retryAfterMs;
}

/**
 * A lower bound, in ms, for one phase run with all resources at once, from the requests the
 * emulator saw: the largest of
 * - (locked phases) the busiest zone: its requests run one at a time under the zone lock, so
 *   n_z × latency + (429s of zone z) × Retry-After;
 * - the longest retry chain of any one request: (retries + 1) × latency + retries × Retry-After;
 * - the pool: ceil(requests / 32 sockets) × latency.
 */
export function concurrentLowerBound(
  records: readonly RecordedRequest[],
  locked: boolean,
  { latencyMs, retryAfterMs }: { latencyMs: number; retryAfterMs: number },
): number {
  let bound = Math.ceil(records.length / POOL_SOCKETS) * latencyMs;
  if (locked) {
    const zones = new Map<string, { requests: number; rateLimited: number }>();
    for (const r of records) {
      const zone = /^\/shield\/shield-zone\/(\d+)\//.exec(r.path)?.[1] ?? "other";
      const z = zones.get(zone) ?? { requests: 0, rateLimited: 0 };
      z.requests++;
      if (r.status === 429) z.rateLimited++;
      zones.set(zone, z);
    }
    for (const z of zones.values()) {
      bound = Math.max(bound, z.requests * latencyMs + z.rateLimited * retryAfterMs);
    }
  }
  for (const retries of retryChains(records, retryAfterMs)) {
    bound = Math.max(bound, (retries + 1) * latencyMs + retries * retryAfterMs);
  }
  return bound;
}

/**
 * Retries per request, reconstructed from arrival times: a request to a path that had a 429 at
 * least Retry-After earlier (and not yet matched) is taken as its retry.
 */
function retryChains(records: readonly RecordedRequest[], retryAfterMs: number): number[] {
  const sorted = [...records].sort((a, b) => a.at - b.at);
  const open = new Map<string, number[]>(); // path+method → depths of unmatched 429s, oldest first
  const openAt = new Map<string, number[]>();
  const depths: number[] = [];
  for (const r of sorted) {
    const key = `${r.method} ${r.path}`;
    const times = openAt.get(key) ?? [];
    const chain = open.get(key) ?? [];
    // Arrival times are whole ms: allow 1 ms of rounding.
    const match = times.findIndex((at) => r.at - at >= retryAfterMs - 1);
    const depth = match >= 0 ? chain[match]! + 1 : 0;
    if (match >= 0) {
      times.splice(match, 1);
      chain.splice(match, 1);
    }
    if (r.status === 429) {
      times.push(r.at);
      chain.push(depth);
    } else {
      depths.push(depth);
    }
    openAt.set(key, times);
    open.set(key, chain);
  }
  return depths;
}

function sameLists(a: StateSnapshot, b: StateSnapshot): boolean {
  const lists = (s: StateSnapshot) =>
    JSON.stringify(
      s.zones.map((z) =>
        [...z.managedLists, ...z.customLists].map((l) => [
          l.configurationId,
          l.isEnabled,
          l.action,
        ]),
      ),
    );
  return lists(a) === lists(b);
}
