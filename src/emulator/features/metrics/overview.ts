/**
 * `GET /shield/metrics/overview/{shieldZoneId}`: today's counters per feature (UTC, up to the
 * emulator's clock), the summary of them, and the same for each of the last 28 days (today
 * included), keyed by the day's start as ISO 8601.
 */
import type { ShieldZoneMetrics } from "../../api-types";
import { DAY_MS, type UtcDay } from "../../dates";
import {
  dataEnvelopeError,
  ERRORS,
  errorStatus,
  json,
  successStatus,
  type ApiResponse,
} from "../../responses";
import type { RouteContext } from "../../route";
import type { EmulatorState } from "../../state";
import {
  AREAS,
  billableThisMonth,
  pastDays,
  cleanRequestsLimit,
  countsOver,
  type Area,
  type Counters,
} from "./activity";

/** `ShieldOverview`: one figure per feature, from that feature's counters. */
const SUMMARY: Readonly<Record<string, (counts: Record<Area, Counters>) => number>> = {
  dDoSMitigated: (c) => c.dDoS.blockedRequests! + c.dDoS.challengedRequests!,
  wafTriggeredRules: (c) => c.waf.totalTriggeredRules!,
  ratelimitBreaches: (c) => c.ratelimit.totalBreaches!,
  botDetectionChallenged: (c) => c.botDetection.challengedRequests!,
  accessListActions: (c) => c.accessList.totalActions!,
  uploadScanningBlocks: (c) => c.uploadScanning.blockedRequests!,
  apiGuardianBlocks: (c) => c.apiGuardian.blockedRequests!,
};

/** Handles the overview; see the top of this file. */
export function getMetricsOverview({ state, params, now }: RouteContext): ApiResponse {
  const zoneId = Number(params.shieldZoneId);
  if (!state.zone(zoneId)) {
    return json(202, dataEnvelopeError(errorStatus(202, ERRORS.zoneNotFound)));
  }
  const perDay = pastDays(now).map(
    (day) => [new Date(day.startMs).toISOString(), dayCounts(state, zoneId, day, now)] as const,
  );
  const todays = perDay[perDay.length - 1]![1];
  const daily = (of: (counts: Record<Area, Counters>) => unknown) =>
    Object.fromEntries(perDay.map(([key, counts]) => [key, of(counts)]));

  const data: ShieldZoneMetrics = {
    overview: summary(todays),
    overviewPastTwentyEightDays: daily(summary) as Record<string, Counters>,
    totalCleanRequestsLimit: cleanRequestsLimit(state, zoneId),
    totalBillableRequests: billableThisMonth(zoneId, now),
  };
  // Each feature's counters of today, and of each day; the spec has no daily map for the WAF.
  for (const area of AREAS) {
    data[area] = todays[area];
    if (area !== "waf")
      data[`${area}OverviewPastTwentyEightDays`] = daily((c) => c[area]) as Record<
        string,
        Counters
      >;
  }
  return json(200, { data, error: successStatus() });
}

function dayCounts(
  state: EmulatorState,
  zoneId: number,
  day: UtcDay,
  now: Date,
): Record<Area, Counters> {
  const span = { fromMs: day.startMs, toMs: day.startMs + DAY_MS, now };
  return Object.fromEntries(
    AREAS.map((area) => [area, countsOver(state, zoneId, area, span)]),
  ) as Record<Area, Counters>;
}

function summary(counts: Record<Area, Counters>): Counters {
  return Object.fromEntries(Object.entries(SUMMARY).map(([name, of]) => [name, of(counts)]));
}
