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
  shieldZoneId,
} from "../arguments";
import { InvalidResponseError } from "../errors";
import { parseResponse } from "../response";
import { optionalText, statusEnvelopeSchema } from "../schemas";
import type { Transport } from "../transport";

const labelsSchema = z.strictObject({
  asn: optionalText,
  country: optionalText,
  ruleId: optionalText,
  severity: optionalText,
  method: optionalText,
  ruleGroup: optionalText,
  status: optionalText,
  serverZone: optionalText,
});

/** `Log`: one event. `timestamp` is in milliseconds since the epoch. */
export const eventLogEntrySchema = z.strictObject({
  logId: optionalText,
  timestamp: z.number().int(),
  log: optionalText,
  labels: labelsSchema.nullable().optional(),
});
/** One event-log entry. */
export type EventLogEntry = z.infer<typeof eventLogEntrySchema>;

/** `WafLoggingResponse`, with a missing `logs` given as an empty array. */
export const eventLogPageSchema = z.strictObject({
  logs: z
    .array(eventLogEntrySchema)
    .nullable()
    .optional()
    .transform((logs) => logs ?? []),
  hasMoreData: z.boolean().optional().default(false),
  continuationToken: optionalText,
  startToken: optionalText,
  errorResponse: statusEnvelopeSchema.optional(),
});
/** One page of event logs. */
export type EventLogPage = z.output<typeof eventLogPageSchema>;

/** Options of {@link eventLogs}. */
export interface EventLogsOptions {
  /** Stop after this many entries. */
  limit?: number;
}

/**
 * Reads one page of a zone's event logs. `date` is a Date (its UTC day),
 * `MM-dd-yyyy` or `yyyy-MM-dd`; without a token, the first page is read.
 */
export async function getEventLogs(
  transport: Transport,
  zoneId: number,
  date: Date | string,
  token?: string,
): Promise<EventLogPage> {
  const tokenSegment = token === undefined ? undefined : continuationToken(token);
  return readPage(transport, shieldZoneId(zoneId), eventLogDate(date), tokenSegment);
}

/**
 * Every entry of a day, across pages, read lazily. Paging stops when the service
 * says there is no more data, sends no token, or sends a token it sent before.
 */
export async function* eventLogs(
  transport: Transport,
  zoneId: number,
  date: Date | string,
  options: EventLogsOptions = {},
): AsyncGenerator<EventLogEntry, void, undefined> {
  const limit =
    options.limit === undefined
      ? Infinity
      : integerInRange(options.limit, "limit", 1, Number.MAX_SAFE_INTEGER);
  const zone = shieldZoneId(zoneId);
  const day = eventLogDate(date);
  // Every token seen, not just the last: a cycle of tokens must end the walk too.
  const seen = new Set<string>();
  let token: string | undefined;
  let yielded = 0;
  for (;;) {
    const page = await readPage(transport, zone, day, token);
    for (const entry of page.logs) {
      yield entry;
      if (++yielded >= limit) return;
    }
    const next = page.continuationToken ?? "";
    if (!page.hasMoreData || next === "" || seen.has(next)) return;
    seen.add(next);
    token = next;
  }
}

async function readPage(
  transport: Transport,
  zone: number,
  day: string,
  token: string | undefined,
): Promise<EventLogPage> {
  // The first page is asked for without a token segment at all.
  const segments = ["shield", "event-logs", zone, day, ...(token === undefined ? [] : [token])];
  const request = { operation: "getEventLogs", method: "GET" as const, path: pathOf(...segments) };
  const page = parseResponse(eventLogPageSchema, await transport.send(request), request);
  const next = page.continuationToken;
  if (next && (next === "." || next === "..")) {
    // A dot segment would leave the route when sent back; refuse it as the service's fault.
    throw new InvalidResponseError(
      `The service sent an unusable continuation token ${JSON.stringify(next)}.`,
      {
        ...request,
        status: 200,
        body: page,
        hint: "Read the day again later; please report it.",
      },
    );
  }
  return page;
}
