/**
 * What the metrics count: the zone's events per Shield feature. The WAF's events are the
 * event logs themselves (generate.ts), so the WAF figures agree with what the event-log search
 * finds over the same span; the other features' events are generated the same way (a pure
 * function of zone, day and index), so every figure is deterministic per zone and day. Only
 * events up to the emulator's clock count: a day's later logs have not happened yet.
 */
import { DAY_MS, dayOf, type UtcDay } from "../../dates";
import { hashInts, mulberry32, pick, randomInt } from "../../prng";
import type { EmulatorState } from "../../state";
import { eventLogEntry, timestampOf } from "../event-logs/generate";

/** The features the overview reports, named as `ShieldZoneMetrics` names them. */
export const AREAS = [
  "waf",
  "dDoS",
  "ratelimit",
  "botDetection",
  "accessList",
  "uploadScanning",
  "apiGuardian",
] as const;
/** One of {@link AREAS}. */
export type Area = (typeof AREAS)[number];

/** Each feature's counters, as the spec names them; an event adds one to some of them. */
interface AreaSpec {
  readonly counters: readonly string[];
  /** The kinds of event the feature has: the counters each one adds to (synthetic features). */
  readonly kinds: ReadonlyArray<readonly string[]>;
  /** Events per zone and day: from 0 to this many (synthetic features). */
  readonly maxPerDay: number;
}

const logged = ["loggedRequests"];
const AREA_SPECS: Readonly<Record<Area, AreaSpec>> = {
  // The WAF's kinds are the logs' actions: see wafKind.
  waf: {
    counters: ["totalTriggeredRules", "blockedRequests", "loggedRequests", "challengedRequests"],
    kinds: [],
    maxPerDay: 0,
  },
  dDoS: {
    counters: ["loggedRequests", "verifiedRequests", "blockedRequests", "challengedRequests"],
    kinds: [logged, ["verifiedRequests"], ["blockedRequests"], ["challengedRequests"]],
    maxPerDay: 400,
  },
  ratelimit: {
    counters: ["totalBreaches", "loggedBreaches", "challengedBreaches", "blockedBreaches"],
    kinds: [
      ["totalBreaches", "loggedBreaches"],
      ["totalBreaches", "challengedBreaches"],
      ["totalBreaches", "blockedBreaches"],
    ],
    maxPerDay: 120,
  },
  botDetection: {
    counters: ["loggedRequests", "challengedRequests"],
    kinds: [logged, ["challengedRequests"]],
    maxPerDay: 200,
  },
  accessList: {
    counters: ["totalActions", "blockedRequests", "loggedRequests", "challengedRequests"],
    kinds: [
      ["totalActions", "blockedRequests"],
      ["totalActions", "loggedRequests"],
      ["totalActions", "challengedRequests"],
    ],
    maxPerDay: 150,
  },
  uploadScanning: {
    counters: ["loggedRequests", "blockedRequests", "filesScanned"],
    kinds: [["filesScanned"], ["filesScanned", ...logged], ["filesScanned", "blockedRequests"]],
    maxPerDay: 60,
  },
  apiGuardian: {
    counters: [
      "blockedRequests",
      "loggedRequests",
      "rateLimited",
      "requestsInspected",
      "failedRequestValidation",
      "failedAuthenticationEnforcement",
    ],
    kinds: [
      ["requestsInspected"],
      ["requestsInspected", ...logged],
      ["requestsInspected", "rateLimited"],
      ["requestsInspected", "blockedRequests", "failedRequestValidation"],
      ["requestsInspected", "blockedRequests", "failedAuthenticationEnforcement"],
    ],
    maxPerDay: 300,
  },
};

const WAF_BLOCKED = ["totalTriggeredRules", "blockedRequests"];
const WAF_LOGGED = ["totalTriggeredRules", "loggedRequests"];
/** Keeps the synthetic features' random streams apart from the logs'. */
const SALT = 0x6d657472;

/** Counters by name. */
export type Counters = Record<string, number>;

/** Every counter of `area` at zero. */
export function zeroCounters(area: Area): Counters {
  return Object.fromEntries(AREA_SPECS[area].counters.map((name) => [name, 0]));
}

/**
 * Calls `visit` for each event of `area` in [fromMs, toMs) that happened by `now`, with its
 * time and the counters it adds to.
 */
export function forEachEvent(
  state: EmulatorState,
  zoneId: number,
  area: Area,
  span: { fromMs: number; toMs: number; now: Date },
  visit: (timestamp: number, counters: readonly string[]) => void,
): void {
  const end = Math.min(span.toMs, span.now.getTime() + 1);
  for (let start = dayOf(new Date(span.fromMs)).startMs; start < end; start += DAY_MS) {
    const day = dayOf(new Date(start));
    const events = eventsOf(state, zoneId, area, day);
    for (let i = 0; i < events.count; i++) {
      const { timestamp, counters } = events.at(i);
      // Times ascend with the index: nothing after `end` can follow.
      if (timestamp >= end) break;
      if (timestamp >= span.fromMs) visit(timestamp, counters);
    }
  }
}

/** Days in the `…PastTwentyEightDays` maps. */
const PAST_DAYS = 28;

/** The days of the `…PastTwentyEightDays` maps, oldest first, today last. */
export function pastDays(now: Date): UtcDay[] {
  const today = dayOf(now);
  return Array.from({ length: PAST_DAYS }, (_, i) =>
    dayOf(new Date(today.startMs - (PAST_DAYS - 1 - i) * DAY_MS)),
  );
}

/** The counters of `area` over a span. */
export function countsOver(
  state: EmulatorState,
  zoneId: number,
  area: Area,
  span: { fromMs: number; toMs: number; now: Date },
): Counters {
  const counts = zeroCounters(area);
  forEachEvent(state, zoneId, area, span, (_, counters) => {
    for (const name of counters) counts[name]!++;
  });
  return counts;
}

interface DayEvents {
  count: number;
  at(index: number): { timestamp: number; counters: readonly string[] };
}

function eventsOf(state: EmulatorState, zoneId: number, area: Area, day: UtcDay): DayEvents {
  if (area === "waf") {
    const volume = state.eventLogVolume(zoneId, day.key);
    return {
      count: volume,
      at: (index) => {
        const entry = eventLogEntry(zoneId, day, index, volume);
        // The logs' action: the search's `action` field says the same (generate.ts).
        const blocked = entry.labels.status === "403";
        return { timestamp: entry.timestamp, counters: blocked ? WAF_BLOCKED : WAF_LOGGED };
      },
    };
  }
  const spec = AREA_SPECS[area];
  const salt = AREAS.indexOf(area);
  const count = randomInt(
    mulberry32(hashInts(SALT, salt, zoneId, day.dayNumber)),
    0,
    spec.maxPerDay,
  );
  return {
    count,
    at: (index) => {
      const random = mulberry32(hashInts(SALT, salt, zoneId, day.dayNumber, index));
      return {
        timestamp: timestampOf(random, day, index, count),
        counters: pick(random, spec.kinds),
      };
    },
  };
}

/**
 * Requests a zone serves on a day that count towards its bill; with `now` inside that day,
 * the share of the day gone by.
 */
export function billableRequests(zoneId: number, day: UtcDay, now: Date): number {
  const whole = randomInt(mulberry32(hashInts(SALT, -1, zoneId, day.dayNumber)), 20_000, 80_000);
  const elapsed = Math.min(1, Math.max(0, (now.getTime() - day.startMs) / DAY_MS));
  return Math.floor(whole * elapsed);
}

/** Billable requests of the calendar month of `now`, up to `now`. */
export function billableThisMonth(zoneId: number, now: Date): number {
  const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  let total = 0;
  for (let start = first; start <= now.getTime(); start += DAY_MS) {
    total += billableRequests(zoneId, dayOf(new Date(start)), now);
  }
  return total;
}

/** Clean requests included in each plan (Basic, Advanced, Business, Enterprise). */
const CLEAN_REQUESTS_LIMIT = [0, 10_000_000, 50_000_000, 250_000_000];

/** The clean requests a zone's plan includes; a plan the emulator does not know gets the largest. */
export function cleanRequestsLimit(state: EmulatorState, zoneId: number): number {
  const plan = state.zone(zoneId)?.planType ?? 0;
  return CLEAN_REQUESTS_LIMIT[plan] ?? CLEAN_REQUESTS_LIMIT[CLEAN_REQUESTS_LIMIT.length - 1]!;
}
