/**
 * `GET /shield/metrics/overview/{shieldZoneId}` and `…/detailed`: a zone's counters per Shield
 * feature, and their series over a window; `GET /shield/metrics/shield-zone/{id}/…` one
 * feature's, managed rule's or API endpoint's figures, `…/rate-limits/{id}` and
 * `…/rate-limit/{id}` the rate limits', `…/overages/{id}` a month's overages. Every figure is
 * shown, none relied on: counters are read as maps of name → number (or as lenient integers),
 * so a counter the service adds comes through and one of another type is left out.
 */
import { z } from "zod";
import {
  check,
  enumField,
  instant,
  int32Id,
  integerInRange,
  onlyKnownFields,
  pathOf,
  positiveId,
  shieldZoneId as checkZoneId,
} from "../../arguments";
import { InvalidArgumentError } from "../../errors";
import { AreaClient } from "../../area-client";
import {
  inData,
  lenient,
  lenientInt,
  lenientRecord,
  lenientText,
  listOrEmpty,
  statusEnvelopeSchema,
} from "../../schemas";
import { managedRuleId } from "../waf-rules";
import { MetricsOverviewResolution } from "../../enums";

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
const metricsOverviewSchema = z.object({
  ...shapeOf(METRICS_OVERVIEW_FEATURES, counters),
  ...shapeOf(METRICS_OVERVIEW_DAILY, lenientRecord(counters)),
  totalCleanRequestsLimit: lenientInt,
  totalBillableRequests: lenientInt,
});
/** A zone's metrics overview; every part may be missing. */
export type MetricsOverview = z.output<typeof metricsOverviewSchema>;

/** `ShieldOverviewMetricsData`. */
const detailedMetricsSchema = z.object({
  ...shapeOf(DETAILED_METRICS_FEATURES, overviewMetric),
  totalCleanRequestsLimit: lenientInt,
  totalBillableRequestsThisMonth: lenientInt,
  /** The resolution the service used (a {@link MetricsOverviewResolution} value). */
  resolution: lenientInt,
});
/** A zone's detailed metrics over a window; every part may be missing. */
export type DetailedMetrics = z.output<typeof detailedMetricsSchema>;

/** The 28 days of a feature, rule, rate limit or endpoint: day (ISO 8601) → counters. */
const pastDays = lenientRecord(counters);

/** One feature's (or endpoint's) totals over the last 28 days, and each day's counters. */
const featureMetrics = <const N extends readonly string[]>(totals: N) =>
  z.object({ ...shapeOf(totals, lenientInt), overviewPastTwentyEightDays: pastDays });

const botDetectionMetricsSchema = featureMetrics([
  "totalLoggedRequests",
  "totalChallengedRequests",
]);
const uploadScanningMetricsSchema = featureMetrics([
  "totalLoggedRequests",
  "totalBlockedRequests",
  "totalFilesScanned",
]);
const apiGuardianMetricsSchema = featureMetrics([
  "totalBlockedRequests",
  "totalLoggedRequests",
  "totalRateLimited",
  "totalRequestsInspected",
  "totalFailedRequestValidation",
  "totalFailedAuthenticationEnforcement",
]);
const wafRuleMetricsSchema = featureMetrics([
  "totalTriggers",
  "blockedRequests",
  "loggedRequests",
  "challengedRequests",
]);

/** Bot detection's figures (`ShieldZoneBotDetectionMetrics`). */
export type BotDetectionMetrics = z.output<typeof botDetectionMetricsSchema>;
/** Upload scanning's figures (`ShieldZoneUploadScanningMetrics`). */
export type UploadScanningMetrics = z.output<typeof uploadScanningMetricsSchema>;
/** API Guardian's figures, or one endpoint's (`ApiGuardianMetrics`). */
export type ApiGuardianMetrics = z.output<typeof apiGuardianMetricsSchema>;
/** One managed rule's figures (`WafRuleMetrics`): its totals over 28 days, and each day's. */
export type WafRuleMetrics = z.output<typeof wafRuleMetricsSchema>;

/** `RatelimitMetrics`: today's breaches of a rate limit, and each of the last 28 days'. */
const rateLimitMetricsSchema = z.object({
  overview: counters,
  ratelimitOverviewPastTwentyEightDays: pastDays,
});
/** A rate limit's breaches: today's, and each of the last 28 days'. */
export type RateLimitMetrics = z.output<typeof rateLimitMetricsSchema>;
const zoneRateLimitMetricsSchema = rateLimitMetricsSchema.extend({ ratelimitId: z.number().int() });
/** A zone's rate limit's breaches, with the rate limit's id. */
export type ZoneRateLimitMetrics = z.output<typeof zoneRateLimitMetricsSchema>;

/** `ShieldZoneMonthlyOveragesResult` (not in a `data` envelope). */
const overagesSchema = z.object({
  shieldZoneId: lenientInt,
  year: lenientInt,
  month: lenientInt,
  totalOverage: lenientInt,
  totalCleanRequests: lenientInt,
  segments: listOrEmpty(
    z.object({
      periodStart: lenientText,
      periodEnd: lenientText,
      planType: lenientInt,
      overageAllowance: lenientInt,
      overage: lenientInt,
    }),
  ),
  error: statusEnvelopeSchema,
});
/** A month's overages: clean requests over each plan period's allowance. */
export type ShieldOverages = z.output<typeof overagesSchema>;

/** The month of {@link MetricsApi.overages}; the service's default is the current one. */
export interface OveragesMonth {
  /** The calendar year, e.g. 2026. */
  year?: number;
  /** The calendar month, 1 to 12. */
  month?: number;
}

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
export class MetricsApi extends AreaClient {
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

  /** Bot detection's totals over the last 28 days, and each day's counters. */
  async botDetection(shieldZoneId: number): Promise<BotDetectionMetrics> {
    return this.#feature(
      shieldZoneId,
      ["bot-detection"],
      "getBotDetectionMetrics",
      botDetectionMetricsSchema,
    );
  }

  /** Upload scanning's totals over the last 28 days, and each day's counters. */
  async uploadScanning(shieldZoneId: number): Promise<UploadScanningMetrics> {
    return this.#feature(
      shieldZoneId,
      ["upload-scanning"],
      "getUploadScanningMetrics",
      uploadScanningMetricsSchema,
    );
  }

  /** API Guardian's totals over the last 28 days, and each day's counters. */
  async apiGuardian(shieldZoneId: number): Promise<ApiGuardianMetrics> {
    return this.#feature(
      shieldZoneId,
      ["api-guardian"],
      "getApiGuardianMetrics",
      apiGuardianMetricsSchema,
    );
  }

  /** One API Guardian endpoint's totals over the last 28 days, and each day's counters. */
  async apiGuardianEndpoint(shieldZoneId: number, endpointId: number): Promise<ApiGuardianMetrics> {
    const endpoint = positiveId(endpointId, "endpointId");
    return this.#feature(
      shieldZoneId,
      ["api-guardian", "endpoint", endpoint],
      "getApiGuardianEndpointMetrics",
      apiGuardianMetricsSchema,
    );
  }

  /** One managed rule's triggers on a zone: totals over the last 28 days, and each day's. */
  async wafRule(shieldZoneId: number, ruleId: string): Promise<WafRuleMetrics> {
    const rule = check(managedRuleId, ruleId, "ruleId");
    return this.#feature(
      shieldZoneId,
      ["waf-rule", rule],
      "getWafRuleMetrics",
      wafRuleMetricsSchema,
    );
  }

  /** The breaches of each of a zone's rate limits. */
  async rateLimits(shieldZoneId: number): Promise<ZoneRateLimitMetrics[]> {
    return this.requestData({
      operation: "listRateLimitMetrics",
      method: "GET",
      path: pathOf("shield", "metrics", "rate-limits", checkZoneId(shieldZoneId)),
      schema: inData(listOrEmpty(zoneRateLimitMetricsSchema)),
    });
  }

  /** The breaches of one rate limit. */
  async rateLimit(rateLimitId: number): Promise<RateLimitMetrics> {
    return this.requestData({
      operation: "getRateLimitMetrics",
      method: "GET",
      path: pathOf("shield", "metrics", "rate-limit", int32Id(rateLimitId, "rateLimitId")),
      schema: inData(rateLimitMetricsSchema),
    });
  }

  /** A month's overages of a zone (default: this month). */
  async overages(shieldZoneId: number, month: OveragesMonth = {}): Promise<ShieldOverages> {
    const zone = checkZoneId(shieldZoneId);
    if (typeof month !== "object" || month === null || Array.isArray(month)) {
      throw new InvalidArgumentError("month", month, "expected { year?, month? }");
    }
    onlyKnownFields(month, ["year", "month"], "month");
    const query: Record<string, number> = {};
    if (month.year !== undefined) query.year = integerInRange(month.year, "month.year", 2000, 9999);
    if (month.month !== undefined) query.month = integerInRange(month.month, "month.month", 1, 12);
    return this.request({
      operation: "getShieldOverages",
      method: "GET",
      path: pathOf("shield", "metrics", "overages", zone),
      query,
      schema: overagesSchema,
    });
  }

  #feature<S extends z.ZodType>(
    shieldZoneId: number,
    feature: Array<string | number>,
    operation: string,
    schema: S,
  ): Promise<z.output<S>> {
    return this.requestData({
      operation,
      method: "GET",
      path: pathOf("shield", "metrics", "shield-zone", checkZoneId(shieldZoneId), ...feature),
      schema: inData(schema),
    });
  }
}
