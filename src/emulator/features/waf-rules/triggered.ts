/**
 * The review of triggered managed rules: `GET …/review-triggered/{shieldZoneId}` lists the
 * managed rules that fired on the zone in the retained logs, most triggered first, with their
 * top URLs and latest logs; `POST` the same path reviews one (`Ignore` hides it from the list,
 * `LogOnly` and `DisableRule` add it to the zone's `wafLogOnlyRules` or `wafDisabledRules`,
 * which also hide it); `GET …/ai-recommendation/{shieldZoneId}/{ruleId}` advises on one.
 */
import type { EventLogEntry } from "../../api-types";
import { DAY_MS, dayOf, retainedSpan } from "../../dates";
import { badRequest, BodyError, FIELD, nullable, readBody } from "../../request-body";
import {
  absence,
  absent,
  errorStatus,
  ERRORS,
  json,
  problem,
  successStatus,
  type ApiResponse,
} from "../../responses";
import type { RouteContext } from "../../route";
import type { EmulatorState, ZoneRecord } from "../../state";
import { logEvent, type LogEvent } from "../event-logs/generate";

/** `ReviewActionType` by number. */
const REVIEW_ACTIONS = ["Ignore", "LogOnly", "DisableRule"] as const;
const TOP_URLS = 5;
const LATEST_LOGS = 3;

interface Tally {
  ruleId: string;
  description: string;
  total: number;
  blocked: number;
  urls: Map<string, number>;
  /** The latest logs, newest first. */
  logs: EventLogEntry[];
}

/** The rules the zone's review still shows: not reviewed, not log-only, not disabled. */
function hidden(zone: ZoneRecord): Set<string> {
  return new Set([
    ...(zone.reviewedRules ?? []),
    ...(zone.settings.wafLogOnlyRules ?? []),
    ...(zone.settings.wafDisabledRules ?? []),
  ]);
}

/** Each managed rule that fired on the zone in the retained logs, up to `now`. */
function tallies(state: EmulatorState, zoneId: number, now: Date): Map<string, Tally> {
  const found = new Map<string, Tally>();
  const { startMs } = retainedSpan(now);
  for (let start = dayOf(now).startMs; start >= startMs; start -= DAY_MS) {
    const day = dayOf(new Date(start));
    const volume = state.eventLogVolume(zoneId, day.key);
    // Newest first, so that each rule's first logs are its latest.
    for (let i = volume - 1; i >= 0; i--) {
      const event: LogEvent = logEvent(zoneId, day, i, volume);
      if (event.entry.timestamp > now.getTime()) continue;
      const { ruleId, url, action } = event.fields;
      let tally = found.get(ruleId);
      if (!tally) {
        tally = {
          ruleId,
          description: event.ruleName,
          total: 0,
          blocked: 0,
          urls: new Map(),
          logs: [],
        };
        found.set(ruleId, tally);
      }
      tally.total++;
      if (action === "blocked") tally.blocked++;
      tally.urls.set(url, (tally.urls.get(url) ?? 0) + 1);
      if (tally.logs.length < LATEST_LOGS) tally.logs.push(event.entry);
    }
  }
  return found;
}

/** `TriggeredRuleItem`. */
function item(tally: Tally) {
  const top = [...tally.urls].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return {
    ruleId: tally.ruleId,
    ruleDescription: tally.description,
    topTargetedUrls: Object.fromEntries(top.slice(0, TOP_URLS)),
    totalTriggeredRequests: tally.total,
    ruleLogs: tally.logs,
  };
}

const rulesError = (status: number, error: { errorKey: string; message: string }) =>
  json(status, {
    errorResponse: errorStatus(status, error),
    triggeredRules: null,
    totalTriggeredRules: 0,
  });

export function getTriggeredWafRules({ state, params, now }: RouteContext): ApiResponse {
  const zoneId = Number(params.shieldZoneId);
  const zone = state.zone(zoneId);
  if (!zone) return rulesError(404, ERRORS.zoneNotFound);
  const skip = hidden(zone);
  const rules = [...tallies(state, zoneId, now).values()]
    .filter((t) => !skip.has(t.ruleId))
    .sort((a, b) => b.total - a.total || a.ruleId.localeCompare(b.ruleId))
    .map(item);
  return json(200, {
    errorResponse: successStatus(),
    triggeredRules: rules,
    totalTriggeredRules: rules.length,
  });
}

const RULE_NOT_TRIGGERED = absence(
  "not_found.triggered_rule",
  "The rule has not been triggered on this Shield Zone.",
);

/** Adds `ruleId` to a set-valued setting, once. */
function addTo(list: string[] | null, ruleId: string): string[] {
  return [...new Set([...(list ?? []), ruleId])];
}

export function reviewTriggeredWafRule(context: RouteContext): ApiResponse {
  const { state, params, now } = context;
  const body = readBody(context, { ruleId: nullable(FIELD.text), action: FIELD.enumValue }, [
    "ruleId",
    "action",
  ]);
  if (body instanceof BodyError) return badRequest(body);
  const action = REVIEW_ACTIONS[body.action as number];
  if (!action) {
    return badRequest(
      new BodyError(
        "validation.action",
        `'action' must be one of ${REVIEW_ACTIONS.map((name, i) => `${i} (${name})`).join(", ")}.`,
      ),
    );
  }
  const zoneId = Number(params.shieldZoneId);
  const zone = state.zone(zoneId);
  const failed = (status: number, error: { errorKey: string; message: string }) =>
    json(status, { errorResponse: errorStatus(status, error), success: false });
  if (!zone) return failed(404, ERRORS.zoneNotFound);
  const ruleId = String(body.ruleId ?? "");
  if (!tallies(state, zoneId, now).has(ruleId)) return absent(failed(404, RULE_NOT_TRIGGERED));
  if (action === "Ignore") zone.reviewedRules = addTo(zone.reviewedRules ?? null, ruleId);
  else if (action === "LogOnly") {
    zone.settings.wafLogOnlyRules = addTo(zone.settings.wafLogOnlyRules, ruleId);
  } else zone.settings.wafDisabledRules = addTo(zone.settings.wafDisabledRules, ruleId);
  return json(200, { errorResponse: successStatus(), success: true }, true);
}

export function getTriggeredRuleRecommendation({
  state,
  params,
  now,
  path,
}: RouteContext): ApiResponse {
  const zoneId = Number(params.shieldZoneId);
  if (!state.zone(zoneId)) return problem(404, path);
  const ruleId = params.ruleId ?? "";
  const answer = (recommendation: string | null, error?: { errorKey: string; message: string }) =>
    json(200, {
      shieldZoneId: zoneId,
      ruleId,
      success: !error,
      recommendation,
      errorResponse: error ? errorStatus(404, error) : successStatus(),
    });
  const tally = tallies(state, zoneId, now).get(ruleId);
  if (!tally) return answer(null, RULE_NOT_TRIGGERED);
  const [url] = [...tally.urls].sort((a, b) => b[1] - a[1])[0] ?? [""];
  const share = Math.round((100 * tally.blocked) / tally.total);
  return answer(
    `Rule ${ruleId} ("${tally.description}") fired ${tally.total} times, most on ${url}; ` +
      (share >= 50
        ? `${share}% of them were blocked and look like attacks: keep the rule on.`
        : `only ${share}% were blocked: if these requests are your site's own, set the rule to LogOnly and watch it.`),
  );
}
