/**
 * Stacks of resources through the provider's own methods, the way the engine drives them:
 * `check` + `create`, then `check` + `diff` + `update`, then `read` (a refresh), then `delete`,
 * each phase over every resource at once (Promise.all, like the engine's parallelism) or one by
 * one. The emulator adds latency to every answer and rate-limits a share of requests with 429
 * and `Retry-After`. Each phase's time is compared with a lower bound computed from the
 * requests the emulator saw (see bench/README.md).
 *
 * - `stack`: AccessListConfigurations only (200 over 20 zones), all at once and one by one.
 * - `stack1000`: every kind (1,000 resources over 50 zones), all at once; and what declaring
 *   such a stack costs a program.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type * as http from "node:http";
import { isDeepStrictEqual } from "node:util";
import type { RecordedRequest, StateSnapshot } from "../src/emulator";
import { KINDS, type Kind, type ShieldProvider } from "../src/resources";
import type { withZoneLock } from "../src/resources/kit/zone-lock";
import { startChildEmulator, type ChildEmulator } from "./emulator-process";
import { median, now, repeat, type Sizes } from "./measure";
import { declarationCost, type DeclarationCost } from "./provider-cost";
import {
  configuredProvider,
  mixedStack,
  singleKindStack,
  STACK_KINDS,
  type Props,
  type StackTarget,
} from "./stack-kinds";

/** The transport's pool size (maxSockets of its keep-alive agent, src/client/connection.ts). */
const POOL_SOCKETS = 32;
const PHASES = ["create", "update", "read", "delete"] as const;
type Phase = (typeof PHASES)[number];
/** The header that marks a request sent under a zone's write lock (see tagLockedRequests). */
export const LOCK_HEADER = "x-bench-zone-lock";

export interface PhaseResult {
  seconds: number;
  lowerBoundSeconds: number;
  /** seconds / lowerBoundSeconds. */
  ratioToLowerBound: number;
  requests: number;
  rateLimited: number;
  /** Requests sent under a zone's write lock. */
  lockedRequests: number;
  failures: number;
}

export interface LegResult {
  seconds: number;
  lowerBoundSeconds: number;
  requests: number;
  rateLimited: number;
  failures: number;
  /** The first few failures' messages, when there were any. */
  errors?: string[];
  /** After delete, the emulator holds of every resource what it held before the leg. */
  stateRestored: boolean;
  phases: Record<Phase, PhaseResult>;
}

/** How the emulator answers: latency on every answer, and a share of 429s. */
type Conditions = Pick<Sizes["stack"], "latencyMs" | "rateLimitProbability" | "retryAfterSeconds">;

/** The emulator fault behind `conditions`' 429s: any route, with their share and Retry-After. */
export const rateLimitFault = (
  conditions: Pick<Conditions, "rateLimitProbability" | "retryAfterSeconds">,
) =>
  ({
    route: "*",
    status: 429,
    retryAfter: conditions.retryAfterSeconds,
    probability: conditions.rateLimitProbability,
    times: "Infinity",
  }) as const;

interface Bounds {
  latencyMs: number;
  retryAfterMs: number;
}

/**
 * Runs `work` against a child emulator that holds `snapshot` and answers under `conditions`,
 * with a configured provider of every kind.
 */
async function withStack<T>(
  snapshot: StateSnapshot,
  conditions: Conditions,
  work: (emulator: ChildEmulator, providers: Record<Kind, ShieldProvider>) => Promise<T>,
): Promise<T> {
  const emulator = await startChildEmulator({ latencyMs: conditions.latencyMs, state: snapshot });
  try {
    await emulator.addFault(rateLimitFault(conditions));
    const providers = {} as Record<Kind, ShieldProvider>;
    for (const kind of KINDS) {
      providers[kind] = await configuredProvider(kind, emulator);
      // Loads the kind's code, untimed: the cold load is providerCost's measurement.
      await providers[kind].check({}, {});
    }
    return await work(emulator, providers);
  } finally {
    await emulator.close();
  }
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

/** AccessListConfigurations only, all at once against one by one. */
export async function stack(size: Sizes["stack"]): Promise<StackResult> {
  const { snapshot, targets } = singleKindStack(
    "AccessListConfiguration",
    size.resources,
    size.zones,
  );
  return withStack(snapshot, size, async (emulator, providers) => {
    const bounds = boundsOf(size);
    const runs = await repeat(size.runs, async () => ({
      concurrent: await leg(providers, emulator, targets, snapshot, "concurrent", bounds),
      sequential: await leg(providers, emulator, targets, snapshot, "sequential", bounds),
    }));
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
  });
}

export interface Stack1000Result {
  resources: number;
  zones: number;
  /** Resources of each kind. */
  kinds: Partial<Record<Kind, number>>;
  latencyMs: number;
  rateLimitProbability: number;
  retryAfterSeconds: number;
  runs: number;
  /** Failed provider calls, all phases and runs (target 0). */
  failures: number;
  /** The create phase (`pulumi up` of the new stack): check and create of every resource. */
  upSeconds: number;
  /** That phase's lower bound (see README). */
  lowerBoundSeconds: number;
  /** upSeconds / lowerBoundSeconds (target ≤ 1.3). */
  ratioToLowerBound: number;
  /** All four phases, and their bounds. */
  lifecycleSeconds: number;
  lifecycleLowerBoundSeconds: number;
  stateRestored: boolean;
  /** ms per declared resource at the two program sizes: flat, or falling, when nothing grows. */
  declareMsPerResource: Record<string, number>;
  declare: DeclarationCost;
  /** The last run, phase by phase. */
  leg: LegResult;
}

/** Every kind, all at once; then a program declaring such a stack at two sizes. */
export async function stack1000(size: Sizes["stack1000"]): Promise<Stack1000Result> {
  const { snapshot, targets } = mixedStack(size.resources, size.zones);
  const legs = await withStack(snapshot, size, (emulator, providers) =>
    repeat(size.runs, () =>
      leg(providers, emulator, targets, snapshot, "concurrent", boundsOf(size)),
    ),
  );
  const density = size.resources / size.zones;
  const declarations = (count: number) =>
    mixedStack(count, Math.max(1, Math.round(count / density))).targets;
  const declare = await declarationCost(
    declarations(size.declareSmall),
    declarations(size.declareLarge),
    size.declareRuns,
  );
  const up = median(legs.map((l) => l.phases.create.seconds));
  const upBound = median(legs.map((l) => l.phases.create.lowerBoundSeconds));
  const kinds: Partial<Record<Kind, number>> = {};
  for (const t of targets) kinds[t.kind] = (kinds[t.kind] ?? 0) + 1;
  return {
    resources: targets.length,
    zones: size.zones,
    kinds,
    latencyMs: size.latencyMs,
    rateLimitProbability: size.rateLimitProbability,
    retryAfterSeconds: size.retryAfterSeconds,
    runs: size.runs,
    failures: legs.reduce((n, l) => n + l.failures, 0),
    upSeconds: up,
    lowerBoundSeconds: upBound,
    ratioToLowerBound: up / upBound,
    lifecycleSeconds: median(legs.map((l) => l.seconds)),
    lifecycleLowerBoundSeconds: median(legs.map((l) => l.lowerBoundSeconds)),
    stateRestored: legs.every((l) => l.stateRestored),
    declareMsPerResource: {
      [`at${declare.small.resources}`]: declare.small.perResourceMs,
      [`at${declare.large.resources}`]: declare.large.perResourceMs,
    },
    declare,
    leg: legs[legs.length - 1]!,
  };
}

const boundsOf = (size: Conditions): Bounds => ({
  latencyMs: size.latencyMs,
  retryAfterMs: size.retryAfterSeconds * 1000,
});

interface Managed {
  id: string;
  inputs: Props;
  outs: Props;
}

/** What the engine adds to every bag of properties; its text does not matter here. */
const PROVIDER_TEXT = "benchmark";

async function leg(
  providers: Record<Kind, ShieldProvider>,
  emulator: ChildEmulator,
  targets: readonly StackTarget[],
  initial: StateSnapshot,
  mode: "concurrent" | "sequential",
  bounds: Bounds,
): Promise<LegResult> {
  const managed: Array<Managed | undefined> = [];
  const phases = {} as Record<Phase, PhaseResult>;
  const errors = new Set<string>();

  // Each step is what the engine asks of the provider for one resource in that phase.
  const steps: Record<Phase, (i: number) => Promise<void>> = {
    create: async (i) => {
      const { kind, inputs } = targets[i]!;
      const checked = await providers[kind].check({}, { ...inputs, __provider: PROVIDER_TEXT });
      if (checked.failures?.length) throw new Error(JSON.stringify(checked.failures));
      const created = await providers[kind].create(checked.inputs);
      managed[i] = { id: created.id, inputs: checked.inputs, outs: created.outs as Props };
    },
    update: async (i) => {
      const m = managed[i];
      if (!m) return; // its create failed, counted there
      const provider = providers[targets[i]!.kind];
      const news = (
        await provider.check(m.inputs, { ...targets[i]!.changed, __provider: PROVIDER_TEXT })
      ).inputs as Props;
      if (!(await provider.diff(m.id, m.outs, news)).changes) {
        throw new Error(`diff of ${m.id} saw no change`);
      }
      const updated = await provider.update(m.id, m.outs, news);
      managed[i] = { ...m, inputs: news, outs: updated.outs as Props };
    },
    read: async (i) => {
      const m = managed[i];
      if (!m) return;
      const read = await providers[targets[i]!.kind].read(m.id, m.outs);
      if (read.id !== m.id) throw new Error(`refresh lost ${m.id}`);
    },
    delete: async (i) => {
      const m = managed[i];
      if (m) await providers[targets[i]!.kind].delete(m.id, m.outs);
    },
  };

  let seconds = 0;
  for (const phase of PHASES) {
    await emulator.clearRequests();
    const start = now();
    const outcomes = await tagLockedRequests(async () => {
      if (mode === "concurrent") {
        // Each call arrives as an event of its own, as the engine's calls reach the plugin.
        return Promise.allSettled(targets.map((_, i) => nextEvent().then(() => steps[phase](i))));
      }
      const settled: PromiseSettledResult<void>[] = [];
      for (let i = 0; i < targets.length; i++) {
        settled.push(...(await Promise.allSettled([steps[phase](i)])));
      }
      return settled;
    });
    const elapsed = (now() - start) / 1000;
    seconds += elapsed;
    const records = await emulator.requests();
    const bound =
      (mode === "concurrent"
        ? concurrentLowerBound(records, bounds)
        : sequentialLowerBound(records, bounds)) / 1000;
    for (const o of outcomes) {
      if (o.status === "rejected" && errors.size < 5) errors.add(`${phase}: ${o.reason}`);
    }
    phases[phase] = {
      seconds: elapsed,
      lowerBoundSeconds: bound,
      ratioToLowerBound: elapsed / bound,
      requests: records.length,
      rateLimited: records.filter((r) => r.status === 429).length,
      lockedRequests: records.filter((r) => r.headers[LOCK_HEADER] !== undefined).length,
      failures: outcomes.filter((o) => o.status === "rejected").length,
    };
  }

  const sum = (field: "lowerBoundSeconds" | "requests" | "rateLimited" | "failures") =>
    PHASES.reduce((n, p) => n + phases[p][field], 0);
  const final = await emulator.state();
  return {
    seconds,
    lowerBoundSeconds: sum("lowerBoundSeconds"),
    requests: sum("requests"),
    rateLimited: sum("rateLimited"),
    failures: sum("failures"),
    ...(errors.size > 0 ? { errors: [...errors] } : {}),
    stateRestored: targets.every((t) =>
      isDeepStrictEqual(
        STACK_KINDS[t.kind].live(initial, t.inputs),
        STACK_KINDS[t.kind].live(final, t.inputs),
      ),
    ),
    phases,
  };
}

const nextEvent = () => new Promise<void>((resolve) => setImmediate(resolve));

const lockHolder = new AsyncLocalStorage<number>();

/**
 * Runs `work` with every request sent under a zone's write lock carrying that zone in
 * {@link LOCK_HEADER}, which the emulator records: the lock (src/resources/kit/zone-lock.ts)
 * runs its work in a context that names the zone, and `http.request` adds the header in that
 * context. Both are put back afterwards. Measurement only: nothing of it is in the package.
 */
async function tagLockedRequests<T>(work: () => Promise<T>): Promise<T> {
  // The modules' own objects, whose members their callers look up at each call.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const zoneLock = require("../src/resources/kit/zone-lock") as {
    withZoneLock: typeof withZoneLock;
  };
  const nodeHttp = require("node:http") as { request: typeof http.request };
  /* eslint-enable @typescript-eslint/no-require-imports */
  const { withZoneLock: lock } = zoneLock;
  const { request } = nodeHttp;
  zoneLock.withZoneLock = (zone, locked) => lock(zone, () => lockHolder.run(zone, locked));
  nodeHttp.request = function (this: unknown, ...args: unknown[]) {
    const zone = lockHolder.getStore();
    // node-fetch passes one options object, made for this request.
    const options = args.find(
      (a): a is http.RequestOptions => typeof a === "object" && a !== null && !(a instanceof URL),
    );
    if (zone !== undefined && options) {
      options.headers = { ...options.headers, [LOCK_HEADER]: String(zone) };
    }
    return (request as (...a: unknown[]) => http.ClientRequest).apply(this, args);
  } as typeof http.request;
  try {
    return await work();
  } finally {
    zoneLock.withZoneLock = lock;
    nodeHttp.request = request;
    lockHolder.disable();
  }
}

/**
 * Every request one after the other: each costs the latency, each 429 adds its Retry-After wait.
 * In ms.
 */
export function sequentialLowerBound(
  records: readonly RecordedRequest[],
  { latencyMs, retryAfterMs }: Bounds,
): number {
  return records.length * latencyMs + records.filter((r) => r.status === 429).length * retryAfterMs;
}

/**
 * A lower bound, in ms, for one phase run with all resources at once, from the requests the
 * emulator saw: the largest of
 * - the busiest zone: the requests sent under its write lock run one at a time, so
 *   n_z × latency + (429s among them) × Retry-After (the wait happens with the lock held);
 * - the longest retry chain of any one request: (retries + 1) × latency + retries × Retry-After;
 * - the pool: ceil(requests / 32 sockets) × latency.
 */
export function concurrentLowerBound(
  records: readonly RecordedRequest[],
  { latencyMs, retryAfterMs }: Bounds,
): number {
  let bound = Math.ceil(records.length / POOL_SOCKETS) * latencyMs;
  const zones = new Map<string, { requests: number; rateLimited: number }>();
  for (const r of records) {
    const zone = r.headers[LOCK_HEADER];
    if (zone === undefined) continue;
    const z = zones.get(zone) ?? { requests: 0, rateLimited: 0 };
    z.requests++;
    if (r.status === 429) z.rateLimited++;
    zones.set(zone, z);
  }
  for (const z of zones.values()) {
    bound = Math.max(bound, z.requests * latencyMs + z.rateLimited * retryAfterMs);
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
