/**
 * Reading the zones a program is generated from: every object once (a listing is one read of
 * its objects, however many pages it takes), zones concurrently, within a bound on the reads in
 * flight, and with a progress event per kind. Nothing is written.
 */
import { withContext } from "../client/error-context";
import { enumName, ShieldPlanType } from "../client/enums";
import { NotFoundError, PlanRestrictionError, ShieldError } from "../client/errors";
import type { AccessLists, CustomAccessList } from "../client/areas/access-lists";
import type { ApiGuardian } from "../client/areas/api-guardian";
import type { BotCategorizationGroup } from "../client/areas/bot-categorization";
import {
  isBotDetectionNotOnPlan,
  type BotDetectionConfiguration,
} from "../client/areas/bot-detection";
import { CustomPageTypes } from "../client/areas/custom-pages";
import type { RateLimitRule, WafCustomRule } from "../client/areas/rules";
import type { ShieldZone, ShieldZoneDefaults } from "../client/areas/shield-zones";
import type { UploadScanningConfiguration } from "../client/areas/upload-scanning";
import type { ShieldClient } from "../client/shield-client";

/**
 * A zone to generate: by its pull zone (as `ShieldZone` adopts it) or its shield zone's id, with
 * the text of its OpenAPI document when API Guardian's `openApiSpec` is to be declared (the
 * service never shows a document back).
 */
export type ZoneSelector = ({ readonly pullZoneId: number } | { readonly shieldZoneId: number }) & {
  readonly openApiDocument?: string;
};

/** A feature the zone's plan does not have, as the service said so. */
export interface PlanGap {
  readonly gap: true;
  /** The service's errorKey, e.g. `invalid_plan_type.bot_detection`. */
  readonly errorKey: string;
}

/** Everything read of one zone, as the client returns it. */
export interface ZoneRead {
  readonly selector: ZoneSelector;
  readonly zone: ShieldZone;
  /** The zone's pull zone. */
  readonly pullZoneId: number;
  /** The plan by name (`Basic`, …). */
  readonly plan: string;
  readonly botDetection: BotDetectionConfiguration | PlanGap;
  readonly botCategorization: readonly BotCategorizationGroup[];
  readonly uploadScanning: UploadScanningConfiguration;
  readonly accessLists: AccessLists;
  /** Each custom list's own content, by list id. */
  readonly customLists: ReadonlyMap<number, CustomAccessList>;
  readonly wafCustomRules: readonly WafCustomRule[];
  readonly rateLimits: readonly RateLimitRule[];
  /** The zone's pages by type (those it has). */
  readonly customPages: ReadonlyMap<string, string> | PlanGap;
  readonly apiGuardian: ApiGuardian;
}

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

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** A plan refusal of a whole feature, kept as a fact of the zone; anything else is thrown. */
async function orGap<T>(read: Promise<T>, isGap: (error: unknown) => boolean) {
  try {
    return await read;
  } catch (error) {
    if (!isGap(error)) throw error;
    return { gap: true, errorKey: (error as PlanRestrictionError).errorKey ?? "" } as PlanGap;
  }
}

/** True for a value that records a plan gap. */
export const isGap = (value: unknown): value is PlanGap =>
  typeof value === "object" && value !== null && (value as PlanGap).gap === true;

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

  const perPage = options.perPage === undefined ? {} : { perPage: options.perPage };
  const notOnPlan = (error: unknown) =>
    error instanceof PlanRestrictionError &&
    error.errorKey === "feature_not_available_on_plan" &&
    plan === "Basic";

  const [
    botDetection,
    botCategorization,
    uploadScanning,
    lists,
    wafCustomRules,
    rateLimits,
    customPages,
    apiGuardian,
  ] = await Promise.all([
    step("its bot detection", () =>
      // Only a Basic zone is expected to lack it: a refusal on another plan is a failure.
      orGap(client.botDetection.get(zoneId), (e) => isBotDetectionNotOnPlan(e) && plan === "Basic"),
    ).then((read) => {
      progress(isGap(read) ? `bot detection: not on the ${plan} plan` : "bot detection");
      return read;
    }),
    step("its bot categorization", () => client.botCategorization.list(zoneId)).then((groups) => {
      const bots = groups.reduce((n, group) => n + group.bots.length, 0);
      progress(
        `bot categorization: ${count(groups.length, "category", "categories")}, ${count(bots, "bot")}`,
      );
      return groups;
    }),
    step("its upload scanning", () => client.uploadScanning.get(zoneId)).then((read) => {
      progress("upload scanning");
      return read;
    }),
    step("its access lists", () => client.accessLists.list(zoneId)).then(async (listing) => {
      progress(
        `access lists: ${count(listing.managedLists.length, "managed list")}, ${count(listing.customLists.length, "custom list")}`,
      );
      const custom = new Map<number, CustomAccessList>();
      let entries = 0;
      await Promise.all(
        listing.customLists.map(async (list) => {
          const read = await step(`its custom access list ${list.listId}`, () =>
            client.accessLists.get(zoneId, list.listId),
          );
          custom.set(list.listId, read);
          entries += read.entryCount ?? 0;
          progress(
            `custom list ${JSON.stringify(read.name ?? list.name ?? "")} (${custom.size} of ${listing.customLists.length}): ${count(read.entryCount ?? 0, "entry", "entries")}`,
          );
        }),
      );
      if (listing.customLists.length > 0) {
        progress(
          `custom lists: ${count(custom.size, "list")}, ${count(entries, "entry", "entries")}`,
        );
      }
      return { listing, custom };
    }),
    step("its custom WAF rules", async () => [
      ...(await client.wafCustomRules.list(zoneId, perPage)),
    ]).then((rules) => {
      progress(`custom WAF rules: ${rules.length}`);
      return rules;
    }),
    step("its rate limits", async () => [...(await client.rateLimits.list(zoneId, perPage))]).then(
      (rules) => {
        progress(`rate limits: ${rules.length}`);
        return rules;
      },
    ),
    Promise.all(
      CustomPageTypes.map((type) =>
        step(`its ${type} page`, () => orGap(client.customPages.get(zoneId, type), notOnPlan)),
      ),
    ).then((read) => {
      const gap = read.find(isGap);
      const pages = new Map<string, string>();
      CustomPageTypes.forEach((type, i) => {
        const html = read[i];
        if (typeof html === "string") pages.set(type, html);
      });
      progress(
        gap
          ? `custom pages: not on the ${plan} plan`
          : `custom pages: ${pages.size}${pages.size > 0 ? ` (${[...pages.keys()].join(", ")})` : ""}`,
      );
      return gap ?? pages;
    }),
    step("its API Guardian", () => client.apiGuardian.get(zoneId)).then((guardian) => {
      progress(`API Guardian: ${count(guardian.endpoints.length, "endpoint")}`);
      return guardian;
    }),
  ]);
  return {
    selector,
    zone,
    pullZoneId,
    plan,
    botDetection,
    botCategorization,
    uploadScanning,
    accessLists: lists.listing,
    customLists: lists.custom,
    wafCustomRules,
    rateLimits,
    customPages,
    apiGuardian,
  };
}
