/**
 * `GET /shield/metrics/overview/{shieldZoneId}` and `…/detailed`: a zone's counters per Shield
 * feature, and their series over a window. Every figure is shown, none relied on: each feature's
 * counters are read as a map of name → number, so a counter the service adds comes through and
 * one of another type is left out.
 */
import { z } from "zod";
import {
  check,
  enumField,
  instant,
  onlyKnownFields,
  pathOf,
  shieldZoneId as checkZoneId,
} from "../arguments";
import { InvalidArgumentError } from "../errors";
import { ApiResource } from "../resource";
import { inData, lenient, lenientInt, lenientRecord } from "../schemas";
import { MetricsOverviewResolution } from "../enums";

/** The overview's features, each a map of counters (`ShieldOverview` sums them up). */
export const METRICS_OVERVIEW_FEATURES = [
  "overview",
  "waf",
  "dDoS",
  "ratelimit",
  "botDetection",
  "accessList",
  "uploadScanning",
  "apiGuardian",
] as const;
/** The overview's maps of day → counters (the spec has none for the WAF). */
export const METRICS_OVERVIEW_DAILY = [
  "overviewPastTwentyEightDays",
  "dDoSOverviewPastTwentyEightDays",
  "ratelimitOverviewPastTwentyEightDays",
  "botDetectionOverviewPastTwentyEightDays",
  "accessListOverviewPastTwentyEightDays",
  "uploadScanningOverviewPastTwentyEightDays",
  "apiGuardianOverviewPastTwentyEightDays",
] as const;
/** The detailed answer's features (named otherwise than in the overview, as the API does). */
export const DETAILED_METRICS_FEATURES = [
  "waf",
  "ddos",
  "rateLimit",
  "accessLists",
  "botDetection",
  "uploadScanning",
  "apiGuardian",
] as const;

/** Counters by name. */
const counters = lenientRecord(z.number());
/** `OverviewMetric`: series (counter → bucket time → count) and totals (counter → count). */
const overviewMetric = lenient(
  z.object({ metrics: lenientRecord(counters), totals: counters }).nullable(),
);

/** `{name: schema}` for each of `names`. */
function shapeOf<const N extends readonly string[], S extends z.ZodType>(names: N, schema: S) {
  return Object.fromEntries(names.map((name) => [name, schema])) as Record<N[number], S>;
}

/** `ShieldZoneMetrics`. */
export const metricsOverviewSchema = z.object({
  ...shapeOf(METRICS_OVERVIEW_FEATURES, counters),
  ...shapeOf(METRICS_OVERVIEW_DAILY, lenientRecord(counters)),
  totalCleanRequestsLimit: lenientInt,
  totalBillableRequests: lenientInt,
});
/** A zone's metrics overview; every part may be missing. */
export type MetricsOverview = z.output<typeof metricsOverviewSchema>;

/** `ShieldOverviewMetricsData`. */
export const detailedMetricsSchema = z.object({
  ...shapeOf(DETAILED_METRICS_FEATURES, overviewMetric),
  totalCleanRequestsLimit: lenientInt,
  totalBillableRequestsThisMonth: lenientInt,
  /** The resolution the service used (a {@link MetricsOverviewResolution} value). */
  resolution: lenientInt,
});
/** A zone's detailed metrics over a window; every part may be missing. */
export type DetailedMetrics = z.output<typeof detailedMetricsSchema>;

/** The window and step of {@link MetricsApi.detailed}; each is optional, the service has defaults. */
export interface DetailedMetricsWindow {
  /** A Date, an ISO 8601 text with a zone, or ms since the epoch. */
  startDate?: Date | string | number;
  /** The same; after `startDate`. */
  endDate?: Date | string | number;
  /** A {@link MetricsOverviewResolution} value (0 Auto lets the service choose). */
  resolution?: number;
}

const resolutionField = enumField(MetricsOverviewResolution);

/**
 * Checks a window (errors name its fields as `prefix` + name) and returns the query to send:
 * dates as ISO 8601 (UTC), the resolution as its number.
 */
export function detailedMetricsQuery(
  window: DetailedMetricsWindow,
  prefix: string,
): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  const start =
    window.startDate === undefined ? undefined : instant(window.startDate, `${prefix}startDate`);
  const end =
    window.endDate === undefined ? undefined : instant(window.endDate, `${prefix}endDate`);
  if (start !== undefined && end !== undefined && end <= start) {
    throw new InvalidArgumentError(
      `${prefix}endDate`,
      window.endDate,
      `expected a time after startDate (${new Date(start).toISOString()})`,
    );
  }
  if (start !== undefined) query.StartDate = new Date(start).toISOString();
  if (end !== undefined) query.EndDate = new Date(end).toISOString();
  if (window.resolution !== undefined) {
    query.Resolution = check(resolutionField, window.resolution, `${prefix}resolution`);
  }
  return query;
}

/** `client.metrics`: a zone's metrics overview and its detailed series. */
export class MetricsApi extends ApiResource {
  /** Today's counters per feature, their summary, and each of the last 28 days'. */
  async overview(shieldZoneId: number): Promise<MetricsOverview> {
    return this.requestData({
      operation: "getMetricsOverview",
      method: "GET",
      path: pathOf("shield", "metrics", "overview", checkZoneId(shieldZoneId)),
      schema: inData(metricsOverviewSchema),
    });
  }

  /** Each feature's counters as series over a window, with their totals. */
  async detailed(
    shieldZoneId: number,
    window: DetailedMetricsWindow = {},
  ): Promise<DetailedMetrics> {
    const zone = checkZoneId(shieldZoneId);
    if (typeof window !== "object" || window === null || Array.isArray(window)) {
      throw new InvalidArgumentError(
        "window",
        window,
        "expected { startDate?, endDate?, resolution? }",
      );
    }
    onlyKnownFields(window, ["startDate", "endDate", "resolution"], "window");
    return this.requestData({
      operation: "getDetailedMetricsOverview",
      method: "GET",
      path: pathOf("shield", "metrics", "overview", zone, "detailed"),
      query: detailedMetricsQuery(window, "window."),
      schema: inData(detailedMetricsSchema),
    });
  }
}
