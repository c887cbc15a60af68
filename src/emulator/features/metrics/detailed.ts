/**
 * `GET /shield/metrics/overview/{shieldZoneId}/detailed?StartDate&EndDate&Resolution`: each
 * feature's counters as series over a window (bucket start as ISO 8601 → count, every bucket
 * present) with their totals. The same events as the overview and the event-log search.
 *
 * What the spec does not say, decided here: the window defaults to the day before `EndDate`
 * (itself defaulting to now); `Resolution` 0 (Auto) or a number the emulator does not know
 * picks the finest resolution that gives at most 200 buckets, and a resolution that would give
 * more than 5,000 is coarsened; the answer's `resolution` says which was used. A window that
 * does not end after it starts, or spans more than 366 days, fails in the envelope with the
 * emulator's own errorKey `invalid_datetime_window.metrics` (modelled on the event logs' one).
 */
import type { OverviewMetric, ShieldOverviewMetricsData } from "../../api-types";
import { DAY_MS } from "../../dates";
import {
  dataEnvelopeError,
  ERRORS,
  errorStatus,
  json,
  problem,
  successStatus,
  type ApiResponse,
} from "../../responses";
import type { RouteContext } from "../../route";
import { integerParameter } from "../../query";
import {
  billableThisMonth,
  cleanRequestsLimit,
  forEachEvent,
  zeroCounters,
  type Area,
} from "./activity";

/** `MetricsOverviewResolution`, by name. */
const RESOLUTIONS = {
  Auto: 0,
  TwoMinutes: 1,
  TenMinutes: 2,
  Hourly: 3,
  Daily: 4,
  Weekly: 5,
  Monthly: 6,
} as const;

const MINUTE = 60_000;
const WEEK = 7 * DAY_MS;
/** Nominal bucket widths, indexed by resolution (a month counted as 31 days). */
const WIDTHS = [0, 2 * MINUTE, 10 * MINUTE, 60 * MINUTE, DAY_MS, WEEK, 31 * DAY_MS];
const AUTO_BUCKETS = 200;
const MAX_BUCKETS = 5_000;
const MAX_WINDOW = 366 * DAY_MS;
/** 1970-01-05, the first Monday after the epoch: weeks start on Mondays. */
const FIRST_MONDAY = 4 * DAY_MS;

/** The detailed answer's features, and the overview's names for them. */
const DETAILED_AREAS: Readonly<Record<string, Area>> = {
  waf: "waf",
  ddos: "dDoS",
  rateLimit: "ratelimit",
  accessLists: "accessList",
  botDetection: "botDetection",
  uploadScanning: "uploadScanning",
  apiGuardian: "apiGuardian",
};

/** The answer's maps (series by name, counts by bucket, totals by name), for drift mode. */
export const DETAILED_MAPS = Object.entries(DETAILED_AREAS).flatMap(([name, area]) => [
  `data.${name}.metrics`,
  `data.${name}.totals`,
  ...Object.keys(zeroCounters(area)).map((counter) => `data.${name}.metrics.${counter}`),
]);

/** Handles the detailed overview; see the top of this file. */
export function getDetailedMetricsOverview({
  state,
  params,
  query,
  path,
  now,
}: RouteContext): ApiResponse {
  // Query binding first, as in ASP.NET: a malformed parameter is a 400 whatever the zone.
  const end = dateParameter(query, "EndDate") ?? now.getTime();
  const start = dateParameter(query, "StartDate") ?? end - DAY_MS;
  const raw = query.get("Resolution") ?? "";
  const requested =
    raw in RESOLUTIONS
      ? RESOLUTIONS[raw as keyof typeof RESOLUTIONS]
      : integerParameter(query, "Resolution", RESOLUTIONS.Auto);
  if (Number.isNaN(start) || Number.isNaN(end) || requested === undefined) {
    return problem(400, path, "StartDate and EndDate must be dates, Resolution a resolution.");
  }

  const zoneId = Number(params.shieldZoneId);
  if (!state.zone(zoneId)) {
    return json(202, dataEnvelopeError(errorStatus(202, ERRORS.zoneNotFound)));
  }
  if (end <= start || end - start > MAX_WINDOW) {
    return json(200, dataEnvelopeError(errorStatus(400, ERRORS.metricsWindow)));
  }

  const resolution = resolutionFor(requested, end - start);
  const bucketKeys: string[] = [];
  for (let b = bucketOf(resolution, start); b < end; b = nextBucket(resolution, b)) {
    bucketKeys.push(new Date(b).toISOString());
  }
  const data: ShieldOverviewMetricsData = {
    totalCleanRequestsLimit: cleanRequestsLimit(state, zoneId),
    totalBillableRequestsThisMonth: billableThisMonth(zoneId, now),
    resolution,
  };
  for (const [name, area] of Object.entries(DETAILED_AREAS)) {
    const totals = zeroCounters(area);
    const metrics = Object.fromEntries(
      Object.keys(totals).map((counter) => [
        counter,
        Object.fromEntries(bucketKeys.map((key) => [key, 0])),
      ]),
    );
    const span = { fromMs: start, toMs: end, now };
    forEachEvent(state, zoneId, area, span, (timestamp, counters) => {
      const key = new Date(bucketOf(resolution, timestamp)).toISOString();
      for (const counter of counters) {
        totals[counter]!++;
        metrics[counter]![key]!++;
      }
    });
    data[name] = { metrics, totals } satisfies OverviewMetric;
  }
  return json(200, { data, error: successStatus() });
}

/** A date-time query parameter in ms; undefined when absent, NaN when not a date. */
function dateParameter(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  return raw === null || raw === "" ? undefined : Date.parse(raw);
}

/** The resolution to use: the one asked for unless it gives too many buckets; Auto picks. */
function resolutionFor(requested: number, span: number): number {
  const known = requested >= RESOLUTIONS.TwoMinutes && requested <= RESOLUTIONS.Monthly;
  const most = known ? MAX_BUCKETS : AUTO_BUCKETS;
  let resolution = known ? requested : RESOLUTIONS.TwoMinutes;
  while (resolution < RESOLUTIONS.Monthly && span / WIDTHS[resolution]! > most) resolution++;
  return resolution;
}

/** The start of the bucket holding `ms`. */
function bucketOf(resolution: number, ms: number): number {
  if (resolution === RESOLUTIONS.Monthly) {
    const date = new Date(ms);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  }
  const [width, origin] =
    resolution === RESOLUTIONS.Weekly ? [WEEK, FIRST_MONDAY] : [WIDTHS[resolution]!, 0];
  return Math.floor((ms - origin) / width) * width + origin;
}

/** The start of the bucket after the one starting at `bucket`. */
function nextBucket(resolution: number, bucket: number): number {
  if (resolution !== RESOLUTIONS.Monthly) return bucket + WIDTHS[resolution]!;
  const date = new Date(bucket);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}
