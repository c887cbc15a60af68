/** `getEventLogs`: a zone's WAF event logs for one UTC day, read-only. */
import type * as pulumi from "@pulumi/pulumi";
import { continuationToken, eventLogDate, integerInRange, shieldZoneId } from "../client/arguments";
import { EventLogEntry, nextPageToken } from "../client/areas/event-logs";
import type { Integer } from "../client/arguments";
import {
  argumentsRecord,
  FunctionInputs,
  FunctionSpec,
  invokeFunction,
  outputOf,
  ShieldFunctionOptions,
} from "./common";

/** Largest `limit` of {@link getEventLogs}: entries collected in one call, across pages. */
export const MAX_EVENT_LOG_LIMIT = 100_000;

/** Arguments of {@link getEventLogs}. */
export interface GetEventLogsArgs {
  /** The shield zone's id. */
  shieldZoneId: Integer;
  /**
   * The UTC day: `MM-dd-yyyy`, `yyyy-MM-dd`, or a Date (its UTC day). The service
   * keeps today and the two days before.
   */
  date: string | Date;
  /** Where to start: the `continuationToken` of an earlier result; none (or null) for the first page. */
  continuationToken?: string | null;
  /**
   * Collect up to this many entries across pages (1 to {@link MAX_EVENT_LOG_LIMIT}).
   * Without it, one page is read, as the service sizes it.
   */
  limit?: Integer;
}

/** Arguments of {@link getEventLogsOutput}: the same, as `pulumi.Input`s. */
export type GetEventLogsOutputArgs = FunctionInputs<GetEventLogsArgs>;

/** What the service labels an event with; each label is null when absent. */
export interface EventLogLabels {
  /** The client's autonomous system (the `asn` label). */
  asn: string | null;
  /** The client's country (the `country` label). */
  country: string | null;
  /** The rule that matched (the `ruleId` label). */
  ruleId: string | null;
  /** The match's severity (the `severity` label). */
  severity: string | null;
  /** The request's HTTP method (the `method` label). */
  method: string | null;
  /** The matching rule's group (the `ruleGroup` label). */
  ruleGroup: string | null;
  /** The `status` label, as the service sends it. */
  status: string | null;
  /** The server zone that handled the request (the `serverZone` label). */
  serverZone: string | null;
}

/** One event. */
export interface EventLog {
  /** The event's id; null when the service sent none. */
  logId: string | null;
  /** When it happened, in milliseconds since the epoch. */
  timestamp: number;
  /** {@link EventLog.timestamp} as an ISO 8601 string (UTC); null if it is not a representable time. */
  time: string | null;
  /** The log line; null when the service sent none. */
  log: string | null;
  /** Its labels; all null when the service sent none. */
  labels: EventLogLabels;
}

/** The result of {@link getEventLogs}: plain JSON, absent values are null. */
export interface GetEventLogsResult {
  /** The zone that was asked about. */
  shieldZoneId: Integer;
  /** The day, as `MM-dd-yyyy`. */
  date: string;
  /** The entries, in the service's order. */
  logs: EventLog[];
  /**
   * True when more entries can be read by passing {@link GetEventLogsResult.continuationToken}.
   * Always equal to `continuationToken !== null`, so `while (hasMoreData)` loops end.
   */
  hasMoreData: boolean;
  /** The token that reads the next unread page; null when there is none. */
  continuationToken: string | null;
  /**
   * Entries of the last page read that `limit` left out. They cannot be reached
   * through `continuationToken`, which continues with the page after. 0 without a
   * limit, or when the limit fell on the end of a page.
   */
  omittedFromLastPage: number;
}

interface ValidEventLogsArgs {
  shieldZoneId: number;
  date: string;
  continuationToken: string | undefined;
  limit: number | undefined;
}

const FIELDS = ["shieldZoneId", "date", "continuationToken", "limit"] as const;

const eventLogs: FunctionSpec<ValidEventLogsArgs, GetEventLogsResult> = {
  name: "getEventLogs",
  validate(args) {
    const record = argumentsRecord(args, FIELDS, "expected { shieldZoneId, date, ... }");
    const token = record.continuationToken;
    return {
      shieldZoneId: shieldZoneId(record.shieldZoneId),
      date: eventLogDate(record.date),
      continuationToken:
        token === undefined || token === null ? undefined : continuationToken(token),
      limit:
        record.limit === undefined
          ? undefined
          : integerInRange(record.limit, "limit", 1, MAX_EVENT_LOG_LIMIT),
    };
  },
  zoneOf: (args) => args.shieldZoneId,
  async run(client, args) {
    const { shieldZoneId: zone, date, limit } = args;
    const logs: EventLog[] = [];
    let token = args.continuationToken;
    // The starting token counts as read: the service repeating it ends the walk.
    const seen = new Set<string | undefined>([token]);
    for (;;) {
      const page = await client.eventLogs.get(zone, date, token);
      const room = limit === undefined ? page.logs.length : limit - logs.length;
      const taken = page.logs.slice(0, room);
      logs.push(...taken.map(toEventLog));
      const next = nextPageToken(page, seen);
      if (limit === undefined || next === null || logs.length >= limit) {
        return {
          shieldZoneId: zone,
          date,
          logs,
          hasMoreData: next !== null,
          continuationToken: next,
          omittedFromLastPage: page.logs.length - taken.length,
        };
      }
      token = next;
    }
  },
};

/** `timestamp` (ms since the epoch) as ISO 8601 (UTC); null if it is not a representable time. */
export function isoTime(timestamp: number): string | null {
  const time = new Date(timestamp);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

function toEventLog(entry: EventLogEntry): EventLog {
  const labels: Partial<NonNullable<EventLogEntry["labels"]>> = entry.labels ?? {};
  return {
    logId: entry.logId ?? null,
    timestamp: entry.timestamp,
    time: isoTime(entry.timestamp),
    log: entry.log ?? null,
    labels: {
      asn: labels.asn ?? null,
      country: labels.country ?? null,
      ruleId: labels.ruleId ?? null,
      severity: labels.severity ?? null,
      method: labels.method ?? null,
      ruleGroup: labels.ruleGroup ?? null,
      status: labels.status ?? null,
      serverZone: labels.serverZone ?? null,
    },
  };
}

/**
 * Reads a shield zone's WAF event logs for one UTC day. Without `limit`, one page
 * (as the service sizes it); with `limit`, entries across pages up to that many,
 * starting at `continuationToken` when given. The service keeps today and the two
 * days before; older days fail with its `invalid_datetime_window.event_logs` error.
 *
 * @throws `InvalidArgumentError` for a bad zone, date, token or limit (nothing is
 * sent), `MissingCredentialsError` without an API key, `NotFoundError` for a zone
 * that does not exist or is not yours, `AuthenticationError` for a refused key;
 * every message starts with `getEventLogs for shield zone <id>:`.
 *
 * @example
 * ```ts
 * import { getEventLogs } from "pulumi-bunnynet-shield";
 *
 * // The latest 500 events of today (UTC).
 * const today = await getEventLogs({ shieldZoneId: 12345, date: new Date(), limit: 500 });
 * const blocked = today.logs.filter((e) => e.labels.status === "blocked").length;
 *
 * // Page by page.
 * let page = await getEventLogs({ shieldZoneId: 12345, date: "2026-07-01" });
 * while (page.hasMoreData) {
 *   page = await getEventLogs({
 *     shieldZoneId: 12345,
 *     date: page.date,
 *     continuationToken: page.continuationToken,
 *   });
 * }
 * ```
 */
export function getEventLogs(
  args: GetEventLogsArgs,
  options?: ShieldFunctionOptions,
): Promise<GetEventLogsResult> {
  return invokeFunction(eventLogs, args, options);
}

/**
 * {@link getEventLogs} for `pulumi.Input`s: the result is an Output, unknown while
 * an input is unknown (during preview), and secret when an input is secret.
 *
 * @example
 * ```ts
 * import * as pulumi from "@pulumi/pulumi";
 * import { getEventLogsOutput } from "pulumi-bunnynet-shield";
 *
 * const shieldZoneId = new pulumi.Config().requireNumber("shieldZoneId");
 * const recent = getEventLogsOutput({ shieldZoneId, date: new Date(), limit: 100 });
 * export const recentEventCount = recent.logs.length;
 * ```
 */
export function getEventLogsOutput(
  args: GetEventLogsOutputArgs,
  options?: ShieldFunctionOptions,
): pulumi.Output<GetEventLogsResult> {
  return outputOf(getEventLogs, args, options);
}
