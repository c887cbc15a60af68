/** `getMetricsOverview`: a zone's metrics overview, and its detailed series when asked for. */
import type * as pulumi from "@pulumi/pulumi";
import { check, shieldZoneId } from "../client/arguments";
import { enumName, MetricsOverviewResolution } from "../client/enums";
import {
  DETAILED_METRICS_FEATURES,
  detailedMetricsQuery,
  METRICS_OVERVIEW_DAILY,
  METRICS_OVERVIEW_FEATURES,
  type DetailedMetrics,
  type DetailedMetricsWindow,
} from "../client/areas/metrics";
import { enumInput } from "../resources/kit/fields";
import type { Integer } from "../client/arguments";
import {
  argumentsRecord,
  FunctionInputs,
  FunctionSpec,
  invokeFunction,
  outputOf,
  ShieldFunctionOptions,
} from "./common";

/** Arguments of {@link getMetricsOverview}. */
export interface GetMetricsOverviewArgs {
  /** The shield zone's id. */
  shieldZoneId: Integer;
  /**
   * Start of the detailed series' window: a Date, an ISO 8601 text with a time zone, or ms
   * since the epoch. Giving any of `startDate`, `endDate` and `resolution` reads the series;
   * what is left out the service chooses.
   */
  startDate?: Date | string | number;
  /** End of the detailed series' window, after `startDate`. */
  endDate?: Date | string | number;
  /**
   * The series' time step, by name (`"Auto"`, `"TwoMinutes"`, `"TenMinutes"`, `"Hourly"`,
   * `"Daily"`, `"Weekly"`, `"Monthly"`) or number (0 to 6).
   */
  resolution?: keyof typeof MetricsOverviewResolution | number;
}

/** Arguments of {@link getMetricsOverviewOutput}: the same, as `pulumi.Input`s. */
export type GetMetricsOverviewOutputArgs = FunctionInputs<GetMetricsOverviewArgs>;

/** Counters by name, as the service names them (e.g. `blockedRequests`); a counter it adds appears too. */
export type MetricCounters = Record<string, number>;

/** One feature's series (counter → bucket start, ISO 8601 → count) and totals (counter → count). */
export interface MetricSeries {
  metrics: Record<string, MetricCounters>;
  totals: MetricCounters;
}

/**
 * The detailed series over a window: one {@link MetricSeries} per feature (`waf`, `ddos`,
 * `rateLimit`, `accessLists`, `botDetection`, `uploadScanning`, `apiGuardian`; empty when the
 * service sent none), and the window and step used.
 */
export type DetailedMetricsResult = {
  [K in (typeof DETAILED_METRICS_FEATURES)[number]]: MetricSeries;
} & {
  /** The window as sent (ISO 8601, UTC); null where the service chose. */
  startDate: string | null;
  endDate: string | null;
  /** The step the service used, by name (a number it adds is shown as its text); null if it sent none. */
  resolution: string | null;
  totalCleanRequestsLimit: number | null;
  totalBillableRequestsThisMonth: number | null;
};

/**
 * The result of {@link getMetricsOverview}: plain JSON, in the API's camelCase names. Today's
 * counters of each feature (`overview` sums them up: `wafTriggeredRules`, `dDoSMitigated`, …;
 * `waf`, `dDoS`, `ratelimit`, `botDetection`, `accessList`, `uploadScanning`, `apiGuardian`)
 * and the same per day (`overviewPastTwentyEightDays`, `dDoSOverviewPastTwentyEightDays`, …,
 * keyed by the day as the service writes it). A feature the service left out is `{}`.
 */
export type GetMetricsOverviewResult = {
  [K in (typeof METRICS_OVERVIEW_FEATURES)[number]]: MetricCounters;
} & {
  [K in (typeof METRICS_OVERVIEW_DAILY)[number]]: Record<string, MetricCounters>;
} & {
  /** The zone that was asked about. */
  shieldZoneId: Integer;
  /** Clean requests the plan includes; null when the service sent none. */
  totalCleanRequestsLimit: number | null;
  /** Billable requests, as the service counts them (the emulator: this month so far); null when it sent none. */
  totalBillableRequests: number | null;
  /** The detailed series, when a window or resolution was asked for; null otherwise. */
  detailed: DetailedMetricsResult | null;
};

interface ValidMetricsArgs {
  shieldZoneId: Integer;
  window: DetailedMetricsWindow | undefined;
  query: Record<string, string | number>;
}

const WINDOW_FIELDS = ["startDate", "endDate", "resolution"] as const;
const resolutionField = enumInput(MetricsOverviewResolution, "MetricsOverviewResolution");

const metricsSpec: FunctionSpec<ValidMetricsArgs, GetMetricsOverviewResult> = {
  name: "getMetricsOverview",
  validate(args) {
    const record = argumentsRecord(
      args,
      ["shieldZoneId", ...WINDOW_FIELDS],
      "expected { shieldZoneId, startDate?, endDate?, resolution? }",
    );
    const zone = shieldZoneId(record.shieldZoneId);
    if (WINDOW_FIELDS.every((field) => record[field] === undefined)) {
      return { shieldZoneId: zone, window: undefined, query: {} };
    }
    const name =
      record.resolution === undefined
        ? undefined
        : check(resolutionField, record.resolution, "resolution");
    const window: DetailedMetricsWindow = {
      startDate: record.startDate as DetailedMetricsWindow["startDate"],
      endDate: record.endDate as DetailedMetricsWindow["endDate"],
      resolution: name === undefined ? undefined : MetricsOverviewResolution[name],
    };
    return { shieldZoneId: zone, window, query: detailedMetricsQuery(window, "") };
  },
  zoneOf: (args) => args.shieldZoneId,
  async run(client, { shieldZoneId: zone, window, query }) {
    const [overview, detailed] = await Promise.all([
      client.metrics.overview(zone),
      window ? client.metrics.detailed(zone, window) : undefined,
    ]);
    return {
      shieldZoneId: zone,
      ...countersOf(overview, METRICS_OVERVIEW_FEATURES, (counters) => counters ?? {}),
      ...countersOf(overview, METRICS_OVERVIEW_DAILY, (days) => days ?? {}),
      totalCleanRequestsLimit: overview.totalCleanRequestsLimit ?? null,
      totalBillableRequests: overview.totalBillableRequests ?? null,
      detailed: detailed ? toDetailed(detailed, query) : null,
    };
  },
};

/** `{name: map(answer[name])}` for each of `names`. */
function countersOf<A, const N extends readonly (keyof A & string)[], R>(
  answer: A,
  names: N,
  map: (value: A[N[number]]) => R,
): Record<N[number], R> {
  return Object.fromEntries(names.map((name) => [name, map(answer[name])])) as Record<N[number], R>;
}

function toDetailed(
  detailed: DetailedMetrics,
  query: Record<string, string | number>,
): DetailedMetricsResult {
  const resolution = detailed.resolution;
  return {
    startDate: (query.StartDate as string | undefined) ?? null,
    endDate: (query.EndDate as string | undefined) ?? null,
    resolution:
      resolution === undefined || resolution === null
        ? null
        : enumName(MetricsOverviewResolution, resolution),
    ...countersOf(detailed, DETAILED_METRICS_FEATURES, (metric) => ({
      metrics: metric?.metrics ?? {},
      totals: metric?.totals ?? {},
    })),
    totalCleanRequestsLimit: detailed.totalCleanRequestsLimit ?? null,
    totalBillableRequestsThisMonth: detailed.totalBillableRequestsThisMonth ?? null,
  };
}

/**
 * Reads a shield zone's metrics overview: today's counters per Shield feature (WAF, DDoS, rate
 * limits, bot detection, access lists, upload scanning, API Guardian), their summary, and the
 * same for each of the last 28 days, so that a program can export them or a policy assert on
 * them. With `startDate`, `endDate` or `resolution`, the detailed series over that window come
 * too (in `detailed`). Names are the API's; a counter the service adds comes through.
 *
 * @throws `InvalidArgumentError` for a bad zone, date, window or resolution (nothing is sent),
 * `MissingCredentialsError` without an API key, `NotFoundError` for a zone that does not exist
 * or is not yours, `AuthenticationError` for a refused key; every message starts with
 * `getMetricsOverview for shield zone <id>:`.
 *
 * @example
 * ```ts
 * import { getMetricsOverview } from "pulumi-bunnynet-shield";
 *
 * const metrics = await getMetricsOverview({ shieldZoneId: 12345 });
 * console.log(metrics.overview.wafTriggeredRules, metrics.waf.blockedRequests);
 *
 * // Hourly series of the last day.
 * const hourly = await getMetricsOverview({
 *   shieldZoneId: 12345,
 *   startDate: new Date(Date.now() - 86_400_000),
 *   endDate: new Date(),
 *   resolution: "Hourly",
 * });
 * const blockedPerHour = hourly.detailed?.waf.metrics.blockedRequests;
 * ```
 */
export function getMetricsOverview(
  args: GetMetricsOverviewArgs,
  options?: ShieldFunctionOptions,
): Promise<GetMetricsOverviewResult> {
  return invokeFunction(metricsSpec, args, options);
}

/**
 * {@link getMetricsOverview} for `pulumi.Input`s: the result is an Output, unknown while an
 * input is unknown (during preview), and secret when an input is secret.
 *
 * @example
 * ```ts
 * import * as pulumi from "@pulumi/pulumi";
 * import { getMetricsOverviewOutput } from "pulumi-bunnynet-shield";
 *
 * const shieldZoneId = new pulumi.Config().requireNumber("shieldZoneId");
 * export const wafBlockedToday = getMetricsOverviewOutput({ shieldZoneId }).waf.blockedRequests;
 * ```
 */
export function getMetricsOverviewOutput(
  args: GetMetricsOverviewOutputArgs,
  options?: ShieldFunctionOptions,
): pulumi.Output<GetMetricsOverviewResult> {
  return outputOf(getMetricsOverview, args, options);
}
