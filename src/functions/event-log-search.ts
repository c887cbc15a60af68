/** `searchEventLogs`: a zone's event logs over a time window, filtered, searched or grouped. */
import type * as pulumi from "@pulumi/pulumi";
import { integerInRange, shieldZoneId } from "../client/arguments";
import {
  EVENT_LOG_SEARCH_FIELDS,
  eventLogSearchBody,
  type EventLogSearchBody,
  type EventLogSearchGroup,
  type EventLogSearchRequest,
  type EventLogSearchRow,
  type EventLogSearchStream,
} from "../client/areas/event-log-search";
import type { Integer } from "../client/arguments";
import {
  argumentsRecord,
  FunctionInputs,
  FunctionSpec,
  invokeFunction,
  outputOf,
  ShieldFunctionOptions,
} from "./common";
import { isoTime, MAX_EVENT_LOG_LIMIT } from "./event-logs";

/** Rows (or groups) collected when no `limit` is given. */
export const DEFAULT_EVENT_LOG_SEARCH_LIMIT = 1_000;

/** Arguments of {@link searchEventLogs}: the zone, the search (see {@link EventLogSearchRequest}) and a limit. */
export interface SearchEventLogsArgs extends EventLogSearchRequest {
  /** The shield zone's id. */
  shieldZoneId: Integer;
  /**
   * Rows (or groups) to collect, across pages, 1 to {@link MAX_EVENT_LOG_LIMIT}; default
   * {@link DEFAULT_EVENT_LOG_SEARCH_LIMIT}. `total` counts them all whatever the limit.
   */
  limit?: Integer;
}

/** Arguments of {@link searchEventLogsOutput}: the same, as `pulumi.Input`s. */
export type SearchEventLogsOutputArgs = FunctionInputs<SearchEventLogsArgs>;

/** One event found. */
export interface EventLogRow {
  /** The event's id; null when the service sent none. */
  logId: string | null;
  /** When it happened, in milliseconds since the epoch. */
  timestamp: number;
  /** {@link EventLogRow.timestamp} as ISO 8601 (UTC); null if it is not a representable time. */
  time: string | null;
  /** Its dimensions (`ip`, `ruleId`, `url`, `ja4`, …) as text, by name. */
  fields: Record<string, string>;
  /** The request context, as the service sent it (a JSON object); null when absent. */
  log: unknown;
}

/** The events that share the values of the `groupBy` dimensions. */
export interface EventLogGroup {
  /** Each `groupBy` dimension and its value. */
  key: Record<string, string>;
  /** Events in the group. */
  count: number;
  /** The earliest and latest event, in ms since the epoch; null when the service sent none. */
  firstSeen: number | null;
  lastSeen: number | null;
  /** Aggregates (country, asn, counts per action, features, ruleIds), as the service sent them. */
  context: Record<string, unknown>;
  /** Events per bucket over the window, with `buckets`; empty otherwise. */
  sparkline: number[];
}

/** The result of {@link searchEventLogs}: plain JSON, absent values are null. */
export interface SearchEventLogsResult {
  /** The zone that was asked about. */
  shieldZoneId: Integer;
  /** The window, as ISO 8601 (UTC). */
  from: string;
  to: string;
  /** The events, newest first as the service orders them; empty when grouped. */
  rows: EventLogRow[];
  /** The groups, largest first as the service orders them; empty unless grouped. */
  groups: EventLogGroup[];
  /** Events (or, grouped, groups) that match, as the service counts them, limit or not. */
  total: number;
  /** True when `limit` left some out: fewer rows (or groups) were collected than `total`. */
  truncated: boolean;
}

interface ValidSearchArgs {
  shieldZoneId: number;
  body: EventLogSearchBody;
  limit: number;
}

const FIELDS = ["shieldZoneId", ...EVENT_LOG_SEARCH_FIELDS, "limit"];

const searchSpec: FunctionSpec<ValidSearchArgs, SearchEventLogsResult> = {
  name: "searchEventLogs",
  validate(args) {
    const record = argumentsRecord(args, FIELDS, "expected { shieldZoneId, from, to, ... }");
    return {
      shieldZoneId: shieldZoneId(record.shieldZoneId),
      body: eventLogSearchBody(record, ""),
      limit:
        record.limit === undefined
          ? DEFAULT_EVENT_LOG_SEARCH_LIMIT
          : integerInRange(record.limit, "limit", 1, MAX_EVENT_LOG_LIMIT),
    };
  },
  zoneOf: (args) => args.shieldZoneId,
  async run(client, { shieldZoneId: zone, body, limit }) {
    const search = client.eventLogSearch;
    // Grouped searches give groups, the others rows; the result always has both lists.
    const found = body.groupBy
      ? { rows: undefined, groups: await collect(search.groups(zone, body, { limit }), toGroup) }
      : { rows: await collect(search.rows(zone, body, { limit }), toRow), groups: undefined };
    const { total, items } = (found.rows ?? found.groups)!;
    return {
      shieldZoneId: zone,
      from: new Date(body.from).toISOString(),
      to: new Date(body.to).toISOString(),
      rows: found.rows?.items ?? [],
      groups: found.groups?.items ?? [],
      total,
      truncated: items.length < total,
    };
  },
};

/**
 * Every item of a streamed search (the client reads one page at a time and parses each item
 * as it comes), mapped; with the service's total, never less than what came.
 */
async function collect<T, R>(
  stream: EventLogSearchStream<T>,
  map: (item: T) => R,
): Promise<{ items: R[]; total: number }> {
  const items: R[] = [];
  for await (const item of stream) items.push(map(item));
  return { items, total: Math.max(stream.total ?? 0, items.length) };
}

function toRow(row: EventLogSearchRow): EventLogRow {
  return {
    logId: row.logId ?? null,
    timestamp: row.timestamp,
    time: isoTime(row.timestamp),
    fields: row.fields ?? {},
    log: row.log ?? null,
  };
}

function toGroup(group: EventLogSearchGroup): EventLogGroup {
  return {
    key: group.key ?? {},
    count: group.count,
    firstSeen: group.firstSeen ?? null,
    lastSeen: group.lastSeen ?? null,
    context: group.context ?? {},
    sparkline: group.sparkline ?? [],
  };
}

/**
 * Searches a shield zone's event logs over a time window (within today and the two days
 * before, UTC): flat rows, newest first, or with `groupBy` the groups, each with its count,
 * first and last time and an optional sparkline. Pages are read one at a time up to `limit`;
 * `total` is the service's count of everything that matches, and `truncated` says whether the
 * limit left some out. The search only reads, so it is retried on 429 and 5xx like a GET.
 *
 * @throws `InvalidArgumentError` for a bad zone, window, filter, groupBy, buckets or limit
 * (nothing is sent; a window outside the days the service keeps is refused by this machine's
 * clock), `MissingCredentialsError` without an API key, `NotFoundError` for a zone that does
 * not exist or is not yours, `ValidationError` for what the service refuses (e.g. its
 * `invalid_datetime_window.event_logs`); every message starts with
 * `searchEventLogs for shield zone <id>:`.
 *
 * @example
 * ```ts
 * import { searchEventLogs } from "pulumi-bunnynet-shield";
 *
 * // Blocked SQL injection attempts of the last hour, at most 200.
 * const found = await searchEventLogs({
 *   shieldZoneId: 12345,
 *   from: new Date(Date.now() - 3_600_000),
 *   to: new Date(),
 *   query: "sql",
 *   filters: [{ field: "action", op: "eq", value: ["blocked"] }],
 *   limit: 200,
 * });
 * console.log(found.total, found.rows[0]?.fields.ip);
 *
 * // The top source countries of today, with an hourly sparkline.
 * const start = new Date(new Date().toISOString().slice(0, 10));
 * const byCountry = await searchEventLogs({
 *   shieldZoneId: 12345,
 *   from: start,
 *   to: new Date(start.getTime() + 86_400_000),
 *   groupBy: ["country"],
 *   buckets: 24,
 *   limit: 10,
 * });
 * ```
 */
export function searchEventLogs(
  args: SearchEventLogsArgs,
  options?: ShieldFunctionOptions,
): Promise<SearchEventLogsResult> {
  return invokeFunction(searchSpec, args, options);
}

/**
 * {@link searchEventLogs} for `pulumi.Input`s: the result is an Output, unknown while an
 * input is unknown (during preview), and secret when an input is secret.
 *
 * @example
 * ```ts
 * import * as pulumi from "@pulumi/pulumi";
 * import { searchEventLogsOutput } from "pulumi-bunnynet-shield";
 *
 * const shieldZoneId = new pulumi.Config().requireNumber("shieldZoneId");
 * const now = Date.now();
 * export const blockedLastHour = searchEventLogsOutput({
 *   shieldZoneId,
 *   from: now - 3_600_000,
 *   to: now,
 *   filters: [{ field: "action", op: "eq", value: ["blocked"] }],
 *   limit: 1,
 * }).total;
 * ```
 */
export function searchEventLogsOutput(
  args: SearchEventLogsOutputArgs,
  options?: ShieldFunctionOptions,
): pulumi.Output<SearchEventLogsResult> {
  return outputOf(searchEventLogs, args, options);
}
