/**
 * `POST /shield/event-logs/{shieldZoneId}/search`: a zone's event logs over a time window,
 * filtered and searched, as flat rows or grouped, a page at a time.
 *
 * It is a POST that only reads: repeating it after a lost answer changes nothing, so it is
 * marked read-only, retried on 429 and 5xx like a GET, and closes no shared reads.
 */
import { z } from "zod";
import {
  check,
  fields,
  instant,
  integerField,
  integerInRange,
  type Integer,
  isNetwork,
  nameField,
  onlyKnownFields,
  pathOf,
  shieldZoneId as checkZoneId,
} from "../../arguments";
import { InvalidArgumentError } from "../../errors";
import { PagedList } from "../../pagination";
import { AreaClient } from "../../area-client";
import { parseResponse } from "../../response";
import {
  lenient,
  lenientInt,
  lenientRecord,
  lenientText,
  statusEnvelopeSchema,
  unread,
} from "../../schemas";

/**
 * The dimensions the search is known to filter and group by. The service publishes no list, so
 * any well-formed name is sent (one it does not know is its 400 to report); these are the ones
 * editors suggest.
 */
export const EVENT_LOG_DIMENSIONS = [
  "feature",
  "ruleId",
  "ip",
  "ja4",
  "ua",
  "url",
  "asn",
  "country",
  "action",
] as const;
/** One of {@link EVENT_LOG_DIMENSIONS}, or another name the service has added. */
// `string & {}` keeps the known names as editor suggestions.
export type EventLogDimension = (typeof EVENT_LOG_DIMENSIONS)[number] | (string & {});

/**
 * How a filter is known to compare: `cidr` takes IPv4 or IPv6 networks and the `ip` field only;
 * `wildcard`'s `*` matches any run. Other well-formed names are sent as given.
 */
export const EVENT_LOG_FILTER_OPERATORS = ["eq", "in", "contains", "cidr", "wildcard"] as const;
/** One of {@link EVENT_LOG_FILTER_OPERATORS}, or another the service has added. */
export type EventLogFilterOperator = (typeof EVENT_LOG_FILTER_OPERATORS)[number] | (string & {});

/** Largest page the service serves (it clamps larger ones). */
export const MAX_EVENT_LOG_SEARCH_PAGE_SIZE = 500;
/** Most sparkline buckets per group (the service clamps more). */
export const MAX_SPARKLINE_BUCKETS = 500;
/** Days of event logs the service keeps: today and the two before (UTC). */
const EVENT_LOG_RETENTION_DAYS = 3;
const DAY_MS = 86_400_000;

/** One filter clause: the field's value must match one of `value` (filters combine with AND). */
export interface EventLogFilter {
  field: EventLogDimension;
  op: EventLogFilterOperator;
  value: string[];
}

/** What to search for. */
export interface EventLogSearchRequest {
  /**
   * Start of the window (inclusive): a Date, an ISO 8601 text with a time zone (a bare
   * `yyyy-MM-dd` is that day's start, UTC) or milliseconds since the epoch. The service keeps
   * today and the two days before (UTC): the window must lie within them.
   */
  from: Date | string | number;
  /** End of the window (exclusive), after `from`, at the latest the end of today (UTC). */
  to: Date | string | number;
  /** Free text looked for in the IP, rule id, URL, User-Agent and rule name. */
  query?: string | null;
  /**
   * Filters, all of which must match: `{ field, op, value }`, where `field` is one of
   * {@link EVENT_LOG_DIMENSIONS}; `op` one of `eq`, `in`, `contains`, `cidr` (the `ip` field
   * only; IPv4 or IPv6 networks) and `wildcard` (`*` matches any run); `value` one or more
   * strings, any of which may match.
   */
  filters?: EventLogFilter[] | null;
  /** Dimensions to group by, in order (each once): groups instead of rows. */
  groupBy?: EventLogDimension[] | null;
  /** With `groupBy`: sparkline buckets per group over the window, 0 to {@link MAX_SPARKLINE_BUCKETS}. */
  buckets?: Integer;
}

/** Options of a streamed search. */
export interface EventLogSearchOptions {
  /** Stop after this many rows (or groups). */
  limit?: number;
  /**
   * Rows (or groups) per request, 1 to {@link MAX_EVENT_LOG_SEARCH_PAGE_SIZE}; default the
   * largest, or `limit` when that is smaller, so that few requests are made.
   */
  pageSize?: number;
}

/** A name as the service's dimensions and operators are written (letters, digits, `_`, `.`, `-`). */
const wellFormedName = (what: string, known: readonly string[]) =>
  z.string({ error: `expected ${what} as text` }).regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, {
    error: `expected ${what} (a name of letters, digits, _ . -, such as ${known.join(", ")})`,
  });
const dimension = wellFormedName("a dimension", EVENT_LOG_DIMENSIONS);

const filterSchema = fields({
  field: dimension,
  op: wellFormedName("an operator", EVENT_LOG_FILTER_OPERATORS),
  value: z
    .array(nameField, { error: "expected an array of strings" })
    .min(1, { error: "expected at least one value" }),
}).superRefine((filter, context) => {
  if (filter.op !== "cidr") return;
  if (filter.field !== "ip") {
    context.addIssue({
      code: "custom",
      path: ["field"],
      message: "cidr filters the ip field only",
    });
  }
  for (const [index, network] of filter.value.entries()) {
    if (!isNetwork(network)) {
      context.addIssue({
        code: "custom",
        path: ["value", index],
        message: "expected an IPv4 or IPv6 network such as 192.0.2.0/24",
      });
    }
  }
});

/** The optional fields of a request, each checked on its own so that errors name it. */
const OPTIONAL_FIELDS = {
  query: nameField.nullable().optional(),
  filters: z.array(filterSchema, { error: "expected an array of filters" }).nullable().optional(),
  groupBy: z
    .array(dimension, { error: "expected an array of dimensions" })
    .refine((names) => new Set(names).size === names.length, { error: "each dimension once" })
    .nullable()
    .optional(),
  buckets: integerField(0, MAX_SPARKLINE_BUCKETS).optional(),
};
/** The fields a request may have. */
export const EVENT_LOG_SEARCH_FIELDS = ["from", "to", ...Object.keys(OPTIONAL_FIELDS)];

/** A request as it is sent, without its paging. */
export interface EventLogSearchBody {
  from: number;
  to: number;
  query?: string;
  filters?: EventLogFilter[];
  groupBy?: EventLogDimension[];
  buckets?: number;
}

/**
 * Checks the fields of a search (`request` holds them; unknown ones are the caller's to refuse)
 * and returns the body to send. Errors name each field as `prefix` + its name. The window must
 * end after it starts and lie within the days the service keeps, by this machine's clock
 * (`now`): from the start of the day two days before today (UTC) to the end of today.
 */
export function eventLogSearchBody(
  request: Record<string, unknown>,
  prefix: string,
  now: Date = new Date(),
): EventLogSearchBody {
  const from = instant(request.from, `${prefix}from`);
  const to = instant(request.to, `${prefix}to`);
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const [first, end] = [today - (EVENT_LOG_RETENTION_DAYS - 1) * DAY_MS, today + DAY_MS];
  const iso = (ms: number) => new Date(ms).toISOString();
  if (from < first) {
    throw new InvalidArgumentError(
      `${prefix}from`,
      request.from,
      `expected ${iso(first)} or later: the service keeps event logs for today and the two days before (UTC)`,
    );
  }
  if (to > end) {
    throw new InvalidArgumentError(
      `${prefix}to`,
      request.to,
      `expected ${iso(end)} (the end of today, UTC) or earlier`,
    );
  }
  if (to <= from) {
    throw new InvalidArgumentError(
      `${prefix}to`,
      request.to,
      `expected a time after from (${iso(from)})`,
    );
  }
  const body: EventLogSearchBody = { from, to };
  const query = check(OPTIONAL_FIELDS.query, request.query, `${prefix}query`);
  if (query) body.query = query;
  const filters = check(OPTIONAL_FIELDS.filters, request.filters, `${prefix}filters`);
  if (filters?.length) body.filters = filters;
  const groupBy = check(OPTIONAL_FIELDS.groupBy, request.groupBy, `${prefix}groupBy`);
  if (groupBy?.length) body.groupBy = groupBy;
  const buckets = check(OPTIONAL_FIELDS.buckets, request.buckets, `${prefix}buckets`);
  if (buckets !== undefined) {
    if (!body.groupBy) {
      throw new InvalidArgumentError(`${prefix}buckets`, buckets, "a sparkline needs groupBy");
    }
    body.buckets = buckets;
  }
  return body;
}

/** `EventRow`: one event of a flat search. The time is read (strict); the rest is shown. */
const eventLogSearchRowSchema = z.object({
  logId: lenientText,
  timestamp: z.number().int(),
  /** The request context, a JSON object, kept as sent. */
  log: unread,
  /** The event's dimensions (ip, ruleId, url, ja4, …), by name. */
  fields: lenientRecord(z.string()),
});
/** One event of a flat search. */
export type EventLogSearchRow = z.output<typeof eventLogSearchRowSchema>;

/** `EventGroup`: the events sharing the `groupBy` values. The count is read (strict). */
const eventLogSearchGroupSchema = z.object({
  /** Each `groupBy` dimension and its value. */
  key: lenientRecord(z.string()),
  count: z.number().int(),
  firstSeen: lenientInt,
  lastSeen: lenientInt,
  /** The group's aggregates (country, asn, per-action counts, features, ruleIds), kept as sent. */
  context: lenient(z.record(z.string(), z.unknown()).nullable()),
  /** Events per bucket over the window, when `buckets` was asked for. */
  sparkline: lenient(z.array(z.number().int()).nullable()),
});
/** One group of a grouped search. */
export type EventLogSearchGroup = z.output<typeof eventLogSearchGroupSchema>;

/**
 * The page without its rows or groups checked: each is parsed as it is yielded, so a page's
 * parsed copies never pile up (see `eventLogs()`, whose bench found why). Plain fields only.
 * The page index is not read: the walk counts pages itself.
 */
const streamedPageSchema = z.object({
  rows: z.array(z.unknown()).nullable().optional(),
  groups: z.array(z.unknown()).nullable().optional(),
  total: z.number().int(),
  totalPages: z.number().int(),
  errorResponse: statusEnvelopeSchema,
});

/** What the first page said about the whole search. */
interface SearchSummary {
  total?: number;
  totalPages?: number;
}

/**
 * A search's rows (or groups), read lazily page by page as {@link PagedList} does, with the
 * service's figures for the whole search once the first page is read.
 */
export class EventLogSearchStream<T> extends PagedList<T> {
  readonly #summary: SearchSummary;

  /**
   * @param start creates the walk, which records the service's figures in the summary it gets
   * @internal
   */
  constructor(start: (summary: SearchSummary) => AsyncGenerator<T, void, undefined>) {
    const summary: SearchSummary = {};
    super(() => start(summary));
    this.#summary = summary;
  }

  /** Rows (or, grouped, groups) that match, as the service counts them; undefined before the first page. */
  get total(): number | undefined {
    return this.#summary.total;
  }

  /** Pages at the page size asked for; undefined before the first page. */
  get totalPages(): number | undefined {
    return this.#summary.totalPages;
  }
}

/** A search checked and ready to send. */
interface PreparedSearch {
  zone: number;
  body: EventLogSearchBody;
  limit: number;
  pageSize: number;
}

/** `client.eventLogSearch`: a zone's event logs over a window, filtered, searched or grouped. */
export class EventLogSearchApi extends AreaClient {
  /**
   * The events of a search, newest first as the service orders them, across pages. Refuses
   * `groupBy` and `buckets` (use {@link groups}). Nothing is sent until iteration starts.
   */
  rows(
    shieldZoneId: number,
    request: EventLogSearchRequest,
    options: EventLogSearchOptions = {},
  ): EventLogSearchStream<EventLogSearchRow> {
    const search = this.#prepare(shieldZoneId, request, options);
    if (search.body.groupBy) {
      throw new InvalidArgumentError(
        "request.groupBy",
        request.groupBy,
        "rows are not grouped: use groups()",
      );
    }
    return this.#stream(search, "rows", eventLogSearchRowSchema);
  }

  /** The groups of a search (`groupBy` required), largest first as the service orders them, across pages. */
  groups(
    shieldZoneId: number,
    request: EventLogSearchRequest,
    options: EventLogSearchOptions = {},
  ): EventLogSearchStream<EventLogSearchGroup> {
    const search = this.#prepare(shieldZoneId, request, options);
    if (!search.body.groupBy) {
      throw new InvalidArgumentError(
        "request.groupBy",
        request.groupBy,
        `expected at least one dimension, such as ${EVENT_LOG_DIMENSIONS.join(", ")}`,
      );
    }
    return this.#stream(search, "groups", eventLogSearchGroupSchema);
  }

  /**
   * Every event of a window that the query and filters select, as the service's CSV export
   * (`POST …/export`): one header line, then one line per event. Takes a search's `from`,
   * `to`, `query` and `filters`.
   */
  async export(
    shieldZoneId: number,
    request: Pick<EventLogSearchRequest, "from" | "to" | "query" | "filters">,
  ): Promise<string> {
    const zone = checkZoneId(shieldZoneId);
    if (typeof request !== "object" || request === null || Array.isArray(request)) {
      throw new InvalidArgumentError("request", request, "expected an object with from and to");
    }
    onlyKnownFields(request, ["from", "to", "query", "filters"], "request");
    const body = eventLogSearchBody(request as unknown as Record<string, unknown>, "request.");
    const csv = await this.request({
      operation: "exportEventLogs",
      method: "POST",
      path: pathOf("shield", "event-logs", zone, "export"),
      body,
      answerKind: "text",
      readOnly: true, // a POST for its body: it changes nothing
      schema: z.string(),
    });
    return csv;
  }

  #prepare(
    shieldZoneId: number,
    request: EventLogSearchRequest,
    options: EventLogSearchOptions,
  ): PreparedSearch {
    const zone = checkZoneId(shieldZoneId);
    if (typeof request !== "object" || request === null || Array.isArray(request)) {
      throw new InvalidArgumentError("request", request, "expected an object with from and to");
    }
    onlyKnownFields(request, EVENT_LOG_SEARCH_FIELDS, "request");
    const body = eventLogSearchBody(request as unknown as Record<string, unknown>, "request.");
    const limit =
      options.limit === undefined
        ? Infinity
        : integerInRange(options.limit, "limit", 1, Number.MAX_SAFE_INTEGER);
    const pageSize =
      options.pageSize === undefined
        ? Math.min(limit, MAX_EVENT_LOG_SEARCH_PAGE_SIZE)
        : integerInRange(options.pageSize, "pageSize", 1, MAX_EVENT_LOG_SEARCH_PAGE_SIZE);
    return { zone, body, limit, pageSize };
  }

  #stream<T extends z.ZodType>(
    { zone, body, limit, pageSize }: PreparedSearch,
    key: "rows" | "groups",
    item: T,
  ): EventLogSearchStream<z.output<T>> {
    const send = (page: number) => {
      const request = {
        operation: "searchEventLogs",
        method: "POST" as const,
        path: pathOf("shield", "event-logs", zone, "search"),
        body: { ...body, page, pageSize },
        readOnly: true, // see the top of this file
      };
      return this.send(request).then((response) => ({ request, response }));
    };
    return new EventLogSearchStream(async function* (summary) {
      let yielded = 0;
      // Paging stops at the last page, at an empty page (so a miscount cannot loop), or at the limit.
      for (let page = 0; ; page++) {
        const { request, response } = await send(page);
        const answer = parseResponse(streamedPageSchema, response, request);
        summary.total ??= answer.total;
        summary.totalPages ??= answer.totalPages;
        const items = answer[key] ?? [];
        for (const [index, value] of items.entries()) {
          yield parseResponse(item, response, request, { value, path: [key, index] });
          if (++yielded >= limit) return;
        }
        if (items.length === 0 || page + 1 >= answer.totalPages) return;
      }
    });
  }
}
