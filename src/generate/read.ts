/**
 * Reading the zones a program is generated from: every object once (a listing is one read of
 * its objects, however many pages it takes), zones concurrently, within a bound on the reads in
 * flight, and with a progress event per kind. Nothing is written.
 */
import { withContext } from "../client/error-context";
import { enumName, ShieldPlanType } from "../client/enums";
import { NotFoundError, PlanRestrictionError, ShieldError } from "../client/errors";
import type { ShieldZoneDefaults } from "../client/areas/shield-zones";
import type { ShieldClient } from "../client/shield-client";
import type { ExistingKind, ZoneRead, ZoneReader, ZoneSelector } from "./existing";
import { PARTS } from "./kinds";

export type { ZoneRead, ZoneSelector } from "./existing";

/** One step of a generation, for a progress display. */
export interface GenerateProgress {
  /** The zone, as the selector named it (`pull zone 501001`), or undefined for the account. */
  readonly zone?: string;
  /** What was read or done, with counts (`access lists: 4 managed, 2 custom`). */
  readonly message: string;
}

/** How the reads run. */
export interface ReadOptions {
  /** Reads in flight at once, across zones. */
  readonly concurrency: number;
  /** Items per page of the listings (default the client's). */
  readonly perPage?: number;
  readonly onProgress?: (event: GenerateProgress) => void;
}

/** What a selector is called in messages. */
export const selectorName = (selector: ZoneSelector): string =>
  "pullZoneId" in selector
    ? `pull zone ${selector.pullZoneId}`
    : `shield zone ${selector.shieldZoneId}`;

/**
 * Runs tasks with at most `limit` in flight. Once one fails, the tasks not started yet fail
 * too without running: the generation has failed, and its other reads would be wasted.
 */
function limiter(limit: number) {
  let running = 0;
  let failed = false;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      if (failed) throw new ShieldError("stopped: another read failed");
      return await task();
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

/**
 * Reads the service's defaults and every zone, concurrently. The first failure fails the
 * whole read, with the zone and what was being read in its message.
 */
export async function readZones(
  client: ShieldClient,
  selectors: readonly ZoneSelector[],
  options: ReadOptions,
): Promise<{ defaults: ShieldZoneDefaults; zones: ZoneRead[] }> {
  const run = limiter(options.concurrency);
  const defaults = run(() => client.shieldZones.getDefaults()).then(
    (answer) => {
      options.onProgress?.({ message: "the service's defaults for a new zone" });
      return answer;
    },
    (error: unknown) => {
      throw withContext(error, "reading the service's defaults for a new zone");
    },
  );
  const zones = Promise.all(selectors.map((selector) => readZone(client, selector, run, options)));
  // Both awaited together, so that a failure of one does not leave the other unhandled.
  const [defaultsRead, zonesRead] = await Promise.all([defaults, zones]);
  return { defaults: defaultsRead, zones: zonesRead };
}

async function readZone(
  client: ShieldClient,
  selector: ZoneSelector,
  run: ReturnType<typeof limiter>,
  options: ReadOptions,
): Promise<ZoneRead> {
  const name = selectorName(selector);
  const progress = (message: string) => options.onProgress?.({ zone: name, message });
  /** One read, its failure naming the zone and what was read. */
  // The zone's plan, once read: a plan refusal of a later read is said against it.
  const known: { plan?: string } = {};
  const step = async <T>(what: string, read: () => Promise<T>): Promise<T> => {
    try {
      return await run(read);
    } catch (error) {
      // A refusal the zone's plan does not explain (one it explains is kept as a gap).
      const unexplained =
        error instanceof PlanRestrictionError && known.plan !== undefined
          ? `: the service refuses to show it as if the zone's ${known.plan} plan lacked it`
          : "";
      throw withContext(error, `${name}: reading ${what}${unexplained}`);
    }
  };

  const zone = await step("its shield zone", async () => {
    try {
      return "pullZoneId" in selector
        ? await client.shieldZones.getByPullZone(selector.pullZoneId)
        : await client.shieldZones.get(selector.shieldZoneId);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      throw withContext(
        error,
        "pullZoneId" in selector
          ? `pull zone ${selector.pullZoneId} has no shield zone, or this API key cannot see it (check the id, or create the shield zone first)`
          : `shield zone ${selector.shieldZoneId} does not exist, or this API key cannot see it`,
      );
    }
  });
  const zoneId = zone.shieldZoneId;
  const plan = typeof zone.planType === "number" ? enumName(ShieldPlanType, zone.planType) : "?";
  known.plan = plan;
  const pullZoneId = zone.pullZoneId ?? ("pullZoneId" in selector ? selector.pullZoneId : 0);
  progress(`shield zone ${zoneId}, pull zone ${pullZoneId}, ${plan} plan`);

  const reader: ZoneReader = {
    client,
    zoneId,
    plan,
    perPage: options.perPage === undefined ? {} : { perPage: options.perPage },
    step,
    progress,
    notOnPlan: (error) =>
      error instanceof PlanRestrictionError &&
      error.errorKey === "feature_not_available_on_plan" &&
      plan === "Basic",
  };
  // Every kind's read at once, in the order the program declares the kinds.
  const reads = new Map<string, unknown>(
    await Promise.all(
      PARTS.map(async (part) => [part.declaration.kind, await part.read?.(reader)] as const),
    ),
  );
  return {
    selector,
    zone,
    pullZoneId,
    plan,
    of: <T>(part: ExistingKind<T>) => reads.get(part.declaration.kind) as T,
  };
}
