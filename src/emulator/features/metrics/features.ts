/**
 * Metrics of one feature, one rule, one rate limit or one endpoint, and a month's overages:
 * `GET /shield/metrics/shield-zone/{id}/bot-detection|upload-scanning|api-guardian[/endpoint/{id}]`,
 * `…/waf-rule/{ruleId}`, `GET /shield/metrics/rate-limits/{id}` and `…/rate-limit/{id}`,
 * `GET /shield/metrics/overages/{id}`. The figures come from the same events as the overview
 * (activity.ts), so they agree with it: a feature's `total…` figures are its 28 days' sums, an
 * `overview` is today's. A zone's rate-limit breaches and API Guardian requests are shared out
 * among its rate limits and endpoints by a hash of each event's time.
 */
import { DAY_MS, dayOf, type UtcDay } from "../../dates";
import { hashInts } from "../../prng";
import {
  absence,
  absent,
  dataEnvelopeError,
  dataError,
  ERRORS,
  errorStatus,
  json,
  problem,
  successStatus,
  type ApiResponse,
} from "../../responses";
import type { RouteContext } from "../../route";
import type { EmulatorState } from "../../state";
import { eventLogEntry } from "../event-logs/generate";
import {
  billableRequests,
  cleanRequestsLimit,
  forEachEvent,
  pastDays,
  zeroCounters,
  type Area,
  type Counters,
} from "./activity";

/** Which share of a feature's events to count: all, or those of one rule or endpoint. */
type Share = ((timestamp: number) => boolean) | undefined;

/** The share of item `index` of `count` (a zone's rate limits, an API's endpoints). */
const shareOf =
  (index: number, count: number): Share =>
  (timestamp) =>
    hashInts(timestamp) % count === index;

/** The day's counters of `area`, keyed by the day's start, for the last 28 days. */
function daily(state: EmulatorState, zoneId: number, area: Area, now: Date, share: Share) {
  return pastDays(now).map((day) => {
    const counts = zeroCounters(area);
    const span = { fromMs: day.startMs, toMs: day.startMs + DAY_MS, now };
    forEachEvent(state, zoneId, area, span, (timestamp, counters) => {
      if (share && !share(timestamp)) return;
      for (const name of counters) counts[name]!++;
    });
    return [new Date(day.startMs).toISOString(), counts] as const;
  });
}

/** `total<Counter>` of every counter, over the days. */
function totals(days: ReadonlyArray<readonly [string, Counters]>): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const [, counts] of days) {
    for (const [name, value] of Object.entries(counts)) {
      const key = `total${name[0]!.toUpperCase()}${name.slice(1)}`;
      sums[key] = (sums[key] ?? 0) + value;
    }
  }
  return sums;
}

const zoneMissing = () => json(202, dataEnvelopeError(errorStatus(202, ERRORS.zoneNotFound)));

/** The handler of one feature's metrics: its totals and its 28 days. */
const featureMetrics =
  (area: Area) =>
  ({ state, params, now }: RouteContext): ApiResponse => {
    const zoneId = Number(params.shieldZoneId);
    if (!state.zone(zoneId)) return zoneMissing();
    const days = daily(state, zoneId, area, now, undefined);
    const data = { ...totals(days), overviewPastTwentyEightDays: Object.fromEntries(days) };
    return json(200, { data, error: successStatus() });
  };

export const getBotDetectionMetrics = featureMetrics("botDetection");
export const getUploadScanningMetrics = featureMetrics("uploadScanning");
export const getApiGuardianMetrics = featureMetrics("apiGuardian");

const ENDPOINT_NOT_FOUND = absence(
  "not_found.api_guardian_endpoint",
  "API Guardian endpoint not found.",
);

export function getApiGuardianEndpointMetrics({ state, params, now }: RouteContext): ApiResponse {
  const zoneId = Number(params.shieldZoneId);
  const zone = state.zone(zoneId);
  if (!zone) return zoneMissing();
  const endpoints = zone.apiGuardian?.endpoints ?? [];
  const index = endpoints.findIndex((e) => e.apiGuardianEndpointId === Number(params.endpointId));
  if (index < 0) return absent(dataError(404, ENDPOINT_NOT_FOUND));
  const days = daily(state, zoneId, "apiGuardian", now, shareOf(index, endpoints.length));
  const data = { ...totals(days), overviewPastTwentyEightDays: Object.fromEntries(days) };
  return json(200, { data, error: successStatus() });
}

/** A rate limit's today and its 28 days. */
function rateLimitMetrics(state: EmulatorState, zoneId: number, ruleId: number, now: Date) {
  const rules = state.rulesOf("rateLimits", zoneId);
  const days = daily(
    state,
    zoneId,
    "ratelimit",
    now,
    shareOf(
      rules.findIndex((r) => r.id === ruleId),
      rules.length,
    ),
  );
  return {
    overview: days[days.length - 1]![1],
    ratelimitOverviewPastTwentyEightDays: Object.fromEntries(days),
  };
}

export function getZoneRateLimitMetrics({ state, params, now }: RouteContext): ApiResponse {
  const zoneId = Number(params.shieldZoneId);
  if (!state.zone(zoneId)) return zoneMissing();
  const data = state.rulesOf("rateLimits", zoneId).map((rule) => ({
    ratelimitId: rule.id,
    ...rateLimitMetrics(state, zoneId, rule.id, now),
  }));
  return json(200, { data, error: successStatus() });
}

export function getRateLimitMetrics({ state, params, now }: RouteContext): ApiResponse {
  const rule = state.rules.rateLimits.get(Number(params.id));
  if (!rule) return absent(dataError(404, ERRORS.ruleNotFound));
  const data = rateLimitMetrics(state, rule.shieldZoneId, rule.id, now);
  return json(200, { data, error: successStatus() });
}

/** `WafRule` counters of one managed rule on one day, from the day's logs up to `now`. */
function ruleCounts(state: EmulatorState, zoneId: number, ruleId: string, day: UtcDay, now: Date) {
  const counts = { totalTriggers: 0, blockedRequests: 0, loggedRequests: 0, challengedRequests: 0 };
  const volume = state.eventLogVolume(zoneId, day.key);
  for (let i = 0; i < volume; i++) {
    const entry = eventLogEntry(zoneId, day, i, volume);
    // Times ascend with the index.
    if (entry.timestamp > now.getTime()) break;
    if (entry.labels.ruleId !== ruleId) continue;
    counts.totalTriggers++;
    if (entry.labels.status === "403") counts.blockedRequests++;
    else counts.loggedRequests++;
  }
  return counts;
}

export function getWafRuleMetrics({ state, params, now }: RouteContext): ApiResponse {
  const zoneId = Number(params.shieldZoneId);
  if (!state.zone(zoneId)) return zoneMissing();
  const days = pastDays(now).map(
    (day) =>
      [
        new Date(day.startMs).toISOString(),
        ruleCounts(state, zoneId, params.ruleId ?? "", day, now),
      ] as const,
  );
  const sum = (name: keyof ReturnType<typeof ruleCounts>) =>
    days.reduce((total, [, counts]) => total + counts[name], 0);
  const data = {
    totalTriggers: sum("totalTriggers"),
    blockedRequests: sum("blockedRequests"),
    loggedRequests: sum("loggedRequests"),
    challengedRequests: sum("challengedRequests"),
    overviewPastTwentyEightDays: Object.fromEntries(days),
  };
  return json(200, { data, error: successStatus() });
}

/**
 * A month's overages: the billable requests over the plan's allowance. The emulator keeps no
 * plan history, so the month is one segment on the zone's plan; a month to come has none.
 */
export function getShieldOverages({ state, params, query, now, path }: RouteContext): ApiResponse {
  const zoneId = Number(params.shieldZoneId);
  const zone = state.zone(zoneId);
  if (!zone) return problem(404, path);
  const year = Number(query.get("year") ?? now.getUTCFullYear());
  const month = Number(query.get("month") ?? now.getUTCMonth() + 1);
  if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12) {
    return problem(400, path, "'year' must be a year and 'month' from 1 to 12.");
  }
  const start = Date.UTC(year, month - 1, 1);
  const end = Math.min(Date.UTC(year, month, 1), now.getTime());
  let clean = 0;
  for (let day = start; day < end; day += DAY_MS) {
    clean += billableRequests(zoneId, dayOf(new Date(day)), now);
  }
  const allowance = cleanRequestsLimit(state, zoneId);
  const overage = Math.max(0, clean - allowance);
  const segments =
    start < end
      ? [
          {
            periodStart: new Date(start).toISOString(),
            periodEnd: new Date(end).toISOString(),
            planType: zone.planType,
            overageAllowance: allowance,
            overage,
          },
        ]
      : [];
  return json(200, {
    shieldZoneId: zoneId,
    year,
    month,
    totalOverage: overage,
    totalCleanRequests: clean,
    segments,
    error: successStatus(),
  });
}
