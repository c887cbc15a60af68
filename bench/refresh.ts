/**
 * A refresh of AccessListConfigurations (200 over 20 zones in the full preset): every
 * resource's `read` at once, as the engine's refresh calls them, with identical reads shared
 * (src/client/single-flight.ts) and without. Each configuration is read through its zone's
 * whole list of access lists, so without sharing a zone's list is read once per resource.
 * The two sides alternate within each run, so that both see the same machine load.
 */
import { setReadSharing } from "../src/client/single-flight";
import { startChildEmulator } from "./emulator-process";
import { median, now, repeat, type Sizes } from "./measure";
import { configuredProvider, singleKindStack, type Props } from "./stack-kinds";

interface Burst {
  seconds: number;
  /** GETs the emulator received. */
  getRequests: number;
  failures: number;
}

export interface RefreshResult {
  resources: number;
  zones: number;
  latencyMs: number;
  runs: number;
  /** The most list reads of any shared run (target ≤ 25 for 200 resources in 20 zones). */
  getRequests: number;
  /** The same without sharing (one per resource). */
  unsharedGetRequests: number;
  /** Medians over runs, s. */
  sharedSeconds: number;
  unsharedSeconds: number;
  /** The median of each run's unshared ÷ shared time (target ≥ 4). */
  speedup: number;
  /** Failed reads, both sides, all runs (target 0). */
  failures: number;
  perRun: Array<{ shared: Burst; unshared: Burst; speedup: number }>;
}

export async function refresh(size: Sizes["refresh"]): Promise<RefreshResult> {
  const { snapshot, targets } = singleKindStack(
    "AccessListConfiguration",
    size.resources,
    size.zones,
  );
  const emulator = await startChildEmulator({ latencyMs: size.latencyMs, state: snapshot });
  try {
    const provider = await configuredProvider("AccessListConfiguration", emulator);
    // The stack as `pulumi up` left it: every configuration adopted.
    const managed = await Promise.all(
      targets.map(async (t) => {
        const { inputs } = await provider.check({}, { ...t.inputs, __provider: "benchmark" });
        const { id, outs } = await provider.create(inputs);
        return { id, outs: outs as Props };
      }),
    );
    const burst = async (shared: boolean): Promise<Burst> => {
      setReadSharing(shared);
      try {
        await emulator.clearRequests();
        const start = now();
        const reads = await Promise.allSettled(managed.map((m) => provider.read(m.id, m.outs)));
        const seconds = (now() - start) / 1000;
        const records = await emulator.requests();
        return {
          seconds,
          getRequests: records.filter((r) => r.method === "GET").length,
          failures: reads.filter((r) => r.status === "rejected").length,
        };
      } finally {
        setReadSharing(true);
      }
    };
    // Untimed, so that both sides start with compiled code and open sockets.
    await burst(false);
    await burst(true);
    const perRun = await repeat(size.runs, async (run) => {
      const sides = run % 2 === 0 ? [true, false] : [false, true];
      const [first, second] = [await burst(sides[0]!), await burst(sides[1]!)];
      const [shared, unshared] = sides[0] ? [first, second] : [second, first];
      return { shared, unshared, speedup: unshared.seconds / shared.seconds };
    });
    return {
      resources: targets.length,
      zones: size.zones,
      latencyMs: size.latencyMs,
      runs: size.runs,
      getRequests: Math.max(...perRun.map((r) => r.shared.getRequests)),
      unsharedGetRequests: Math.max(...perRun.map((r) => r.unshared.getRequests)),
      sharedSeconds: median(perRun.map((r) => r.shared.seconds)),
      unsharedSeconds: median(perRun.map((r) => r.unshared.seconds)),
      speedup: median(perRun.map((r) => r.speedup)),
      failures: perRun.reduce((n, r) => n + r.shared.failures + r.unshared.failures, 0),
      perRun,
    };
  } finally {
    await emulator.close();
  }
}
