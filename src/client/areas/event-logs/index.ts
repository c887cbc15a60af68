/**
 * `GET /shield/event-logs/{shieldZoneId}/{date}/{continuationToken}`: a zone's WAF
 * event logs for one UTC day, a page at a time.
 */
import { z } from "zod";
import {
  continuationToken,
  eventLogDate,
  integerInRange,
  pathOf,
  shieldZoneId as checkZoneId,
} from "../../arguments";
import { describeValue, InvalidResponseError } from "../../errors";
import { parseResponse } from "../../response";
import {
  lenient,
  lenientText,
  listOrEmpty,
  optionalText,
  statusEnvelopeSchema,
  unread,
} from "../../schemas";
import { AreaClient } from "../../area-client";
import type { ApiRequest, ApiResponse } from "../../transport";

// The labels and the text are shown, not relied on: lenient. The timestamp orders and
// filters entries: strict.
const labelsSchema = z.object({
  asn: lenientText,
  country: lenientText,
  ruleId: lenientText,
  severity: lenientText,
  method: lenientText,
  ruleGroup: lenientText,
  status: lenientText,
  serverZone: lenientText,
});

/** `Log`: one event. `timestamp` is in milliseconds since the epoch. */
export const eventLogEntrySchema = z.object({
  logId: lenientText,
  timestamp: z.number().int(),
  log: lenientText,
  labels: lenient(labelsSchema.nullable()),
});
/** One event-log entry. */
export type EventLogEntry = z.output<typeof eventLogEntrySchema>;

const pageFields = {
  // The paging token is read: strict. `startToken`'s meaning is unknown: not read.
  continuationToken: optionalText,
  startToken: unread,
  errorResponse: statusEnvelopeSchema,
};

/** `WafLoggingResponse`, with a missing `logs` given as an empty array. */
export const eventLogPageSchema = z.object({
  ...pageFields,
  logs: listOrEmpty(eventLogEntrySchema),
  hasMoreData: z.boolean().optional().default(false),
});
/** One page of event logs. */
export type EventLogPage = z.output<typeof eventLogPageSchema>;

/**
 * The page without its entries checked, for streaming: each entry is parsed as it is
 * yielded, so a page's parsed copies never pile up at once (they would reach V8's old
 * generation and keep memory high on long days). Plain fields only: in the bench, a
 * `transform` or `default` here raised the heap growth of a 200,000-entry day from
 * about 18 MB to about 95 MB.
 */
const streamedPageSchema = z.object({
  ...pageFields,
  logs: z.array(z.unknown()).nullable().optional(),
  hasMoreData: z.boolean().optional(),
});

/** Options of {@link EventLogsApi.list}. */
export interface EventLogsOptions {
  /** Stop after this many entries. */
  limit?: number;
}

/**
 * `client.eventLogs`: a zone's WAF event logs for one UTC day (`date` is a Date, taken as its
 * UTC day, `MM-dd-yyyy` or `yyyy-MM-dd`), a page at a time or every entry. Called as a
 * function, `client.eventLogs(zone, date, options)`, it is 0.1.0's form of {@link list}.
 */
export class EventLogsApi extends AreaClient {
  /** One page of the day's event logs; without a token, the first page. */
  async get(shieldZoneId: number, date: Date | string, token?: string): Promise<EventLogPage> {
    const tokenSegment = token === undefined ? undefined : continuationToken(token);
    const zone = checkZoneId(shieldZoneId);
    const { request, response } = await this.#page(zone, eventLogDate(date), tokenSegment);
    const page = parseResponse(eventLogPageSchema, response, request);
    refuseUnusableToken(page, response, request);
    return page;
  }

  /**
   * Every entry of the day, across pages, read lazily, up to `options.limit`. Paging stops when
   * the service says there is no more data, sends no token, or sends a token it sent before.
   */
  async *list(
    shieldZoneId: number,
    date: Date | string,
    options: EventLogsOptions = {},
  ): AsyncGenerator<EventLogEntry, void, undefined> {
    const limit =
      options.limit === undefined
        ? Infinity
        : integerInRange(options.limit, "limit", 1, Number.MAX_SAFE_INTEGER);
    const zone = checkZoneId(shieldZoneId);
    const day = eventLogDate(date);
    const seen = new Set<string | undefined>();
    let token: string | undefined;
    let yielded = 0;
    for (;;) {
      const { request, response } = await this.#page(zone, day, token);
      const page = parseResponse(streamedPageSchema, response, request);
      refuseUnusableToken(page, response, request);
      for (const [index, value] of (page.logs ?? []).entries()) {
        yield parseResponse(eventLogEntrySchema, response, request, {
          value,
          path: ["logs", index],
        });
        if (++yielded >= limit) return;
      }
      const next = nextPageToken(page, seen);
      if (next === null) return;
      token = next;
    }
  }

  async #page(zone: number, day: string, token: string | undefined) {
    // The first page is asked for without a token segment at all.
    const segments = ["shield", "event-logs", zone, day, ...(token === undefined ? [] : [token])];
    const request = {
      operation: "getEventLogs",
      method: "GET" as const,
      path: pathOf(...segments),
    };
    return { request, response: await this.send(request) };
  }
}

/** `client.eventLogs`: the sub-client, callable as 0.1.0's `eventLogs` method was. */
export type EventLogsClient = EventLogsApi & {
  /** @deprecated 0.1.0's form of `client.eventLogs.list`. */
  (
    shieldZoneId: number,
    date: Date | string,
    options?: EventLogsOptions,
  ): AsyncGenerator<EventLogEntry, void, undefined>;
};

/**
 * The token to read the page after `page` with, or null when paging must stop: the
 * service says there is no more data, sends no token, or sends one already in `seen`
 * (every token, not just the last, so that a cycle of tokens ends the walk too).
 * A returned token is added to `seen`.
 */
export function nextPageToken(
  page: { hasMoreData?: boolean; continuationToken?: string | null },
  seen: Set<string | undefined>,
): string | null {
  const offered = page.continuationToken ?? "";
  if (!page.hasMoreData || offered === "" || seen.has(offered)) return null;
  seen.add(offered);
  return offered;
}

/**
 * Refuses a next token that could not be sent back: one `continuationToken()` would refuse
 * as an argument (a dot segment would leave the route, a lone surrogate cannot be encoded,
 * control characters and over-long tokens are refused), so the iterator, `getEventLogs`
 * and the data function that pages through it all fail the same way, as the service's fault.
 */
function refuseUnusableToken(
  page: { continuationToken?: string | null },
  response: ApiResponse,
  request: Pick<ApiRequest, "operation" | "method" | "path">,
): void {
  const next = page.continuationToken;
  if (!next) return; // "" and null mean "no more pages"
  try {
    continuationToken(next);
  } catch (error) {
    const why = error instanceof Error ? error.message.slice(error.message.indexOf("; ") + 2) : "";
    throw new InvalidResponseError(
      `The service sent an unusable continuation token ${describeValue(next)} (${why.replace(/\.$/, "")}).`,
      {
        ...request,
        status: response.status,
        body: response.body,
        hint: "Read the day again later; please report it.",
      },
    );
  }
}
