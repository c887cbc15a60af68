/**
 * `GET /shield/event-logs/{shieldZoneId}/{date}/{continuationToken}`: a zone's WAF
 * event logs for one UTC day, a page at a time.
 */
import { z } from "zod";
import { continuationToken, eventLogDate, integerInRange, pathOf, shieldZoneId } from "../arguments";
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
  const segments = ["shield", "event-logs", shieldZoneId(zoneId), eventLogDate(date)];
  // The first page is asked for without a token segment at all.
  if (token !== undefined) segments.push(continuationToken(token));
  const request = { operation: "getEventLogs", method: "GET" as const, path: pathOf(...segments) };
  return parseResponse(eventLogPageSchema, await transport.send(request), request);
}

/**
 * Every entry of a day, across pages, read lazily. Paging stops when the service
 * says there is no more data, sends no token, or sends the same token again.
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
  // Validate before the first request, so bad input fails on the first `next()`.
  shieldZoneId(zoneId);
  const day = eventLogDate(date);
  let token: string | undefined;
  let yielded = 0;
  for (;;) {
    const page = await getEventLogs(transport, zoneId, day, token);
    for (const entry of page.logs) {
      yield entry;
      if (++yielded >= limit) return;
    }
    const next = page.continuationToken ?? "";
    if (!page.hasMoreData || next === "" || next === token) return;
    token = next;
  }
}
