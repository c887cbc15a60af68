/**
 * The record kept of each API request, so that tests can assert what a client sent (retries,
 * bodies, headers) without ever seeing the API key. The log is bounded (a count and a byte
 * budget, the oldest requests dropped first) and keeps no body of an unauthenticated request, so
 * that an emulator listening on a network cannot be made to hold whatever anyone sends it.
 */
import type { IncomingHttpHeaders } from "node:http";
import type { RouteName } from "./route-names";

/** One request to the API (admin routes are not recorded). */
export interface RecordedRequest {
  /** The operation, or null for a path that is no API route. */
  route: RouteName | null;
  method: string;
  /** Path without the query string. */
  path: string;
  query: Record<string, string>;
  /** Lower-case names; `accesskey`, `authorization` and `proxy-authorization` are removed. */
  headers: Record<string, string>;
  /** Whether the request carried the right key. */
  authenticated: boolean;
  /**
   * Parsed JSON if the body parses (and nests at most {@link MAX_RECORDED_JSON_DEPTH} deep),
   * else the raw text; undefined when empty, or when not kept (see `bodyOmitted`).
   */
  body: unknown;
  /**
   * Why a body the request had is not in `body`: `"unauthenticated"` (the bodies of requests
   * without the right key are never kept) or `"too-large"` (the body alone is over the log's
   * byte budget, {@link RequestLogLimits.maxBytes}). Absent when the body is kept.
   */
  bodyOmitted?: "unauthenticated" | "too-large";
  /** The status answered; 0 while pending or when the client got no complete answer. */
  status: number;
  /** Arrival time, ms since the epoch. */
  at: number;
}

/** Headers that carry credentials and are never recorded. */
const SECRET_HEADERS = new Set(["accesskey", "authorization", "proxy-authorization"]);

/** A record for a request that just arrived (body and status are filled in later). */
export function recordRequest(
  route: RouteName | null,
  method: string,
  url: URL,
  headers: IncomingHttpHeaders,
  authenticated: boolean,
): RecordedRequest {
  return {
    route,
    method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: redactHeaders(headers),
    authenticated,
    body: undefined,
    status: 0,
    at: Date.now(),
  };
}

/** Header names lower-cased (Node already does), repeated values joined, secrets dropped. */
function redactHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    if (value === undefined || SECRET_HEADERS.has(key)) continue;
    result[key] = Array.isArray(value) ? value.join(", ") : value;
  }
  return result;
}

/**
 * Deepest nesting of a JSON body recorded as parsed JSON; a deeper one is recorded as its text.
 * `JSON.parse` takes a body nested 10,000 deep, but `JSON.stringify` (the admin route's answer,
 * a state file) overflows the stack on it: text is what can always be sent back.
 */
export const MAX_RECORDED_JSON_DEPTH = 100;

/** The recorded form of a body: JSON if it parses and is not too deep, else the text; undefined when empty. */
function recordedBody(raw: string): unknown {
  if (raw === "") return undefined;
  if (nestsDeeperThan(raw, MAX_RECORDED_JSON_DEPTH)) return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/**
 * Whether the brackets of a JSON text (outside its strings) nest deeper than `limit`, found in
 * one pass without parsing, so that a hostile body costs no recursion.
 */
function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** How much of the request log is kept; past either bound, the oldest requests are dropped. */
export interface RequestLogLimits {
  /** Most requests kept; default {@link DEFAULT_REQUEST_LOG_LIMITS}' 50,000. */
  maxRequests?: number;
  /**
   * Most bytes kept, counting each request's path, query, headers and body as received; default
   * {@link DEFAULT_REQUEST_LOG_LIMITS}' 32 MiB. A body larger than this alone is not kept.
   */
  maxBytes?: number;
}

/** The request log's bounds when none are given: 50,000 requests, 32 MiB. */
export const DEFAULT_REQUEST_LOG_LIMITS: Readonly<Required<RequestLogLimits>> = {
  maxRequests: 50_000,
  maxBytes: 32 * 1024 * 1024,
};

/**
 * The API requests in arrival order, within {@link RequestLogLimits}: each new request (and
 * each body kept) drops the oldest ones past a bound.
 */
export class RequestLog {
  /** The records, oldest first (the emulator's `requests`); empty it with {@link clear}. */
  readonly records: RecordedRequest[] = [];
  readonly #maxRequests: number;
  readonly #maxBytes: number;
  #bytes = 0;
  /** What each record still in {@link records} counts for against the byte budget. */
  readonly #sizes = new WeakMap<RecordedRequest, number>();

  constructor(limits: RequestLogLimits = {}) {
    this.#maxRequests = positiveInteger(
      "requestLog.maxRequests",
      limits.maxRequests ?? DEFAULT_REQUEST_LOG_LIMITS.maxRequests,
    );
    this.#maxBytes = positiveInteger(
      "requestLog.maxBytes",
      limits.maxBytes ?? DEFAULT_REQUEST_LOG_LIMITS.maxBytes,
    );
  }

  /** Records a request that just arrived; its body and status are filled in later. */
  add(record: RecordedRequest): void {
    // Emptied (by clear, or from outside with `requests.length = 0`): nothing is counted.
    if (this.records.length === 0) this.#bytes = 0;
    this.records.push(record);
    this.#count(record, sizeOf(record));
  }

  /**
   * Keeps the body of `record` (as received): parsed JSON or its text, as {@link recordedBody}
   * says; none of an unauthenticated request, nor one over the whole byte budget.
   */
  setBody(record: RecordedRequest, raw: string): void {
    if (raw === "") return;
    const bytes = Buffer.byteLength(raw);
    if (!record.authenticated) {
      record.bodyOmitted = "unauthenticated";
    } else if (bytes > this.#maxBytes) {
      record.bodyOmitted = "too-large";
    } else {
      record.body = recordedBody(raw);
      // A record already dropped (a burst past maxRequests) no longer counts.
      if (this.#sizes.has(record)) this.#count(record, bytes);
    }
  }

  /** Empties the log (the byte count starts again at the next request). */
  clear(): void {
    this.records.length = 0;
  }

  #count(record: RecordedRequest, bytes: number): void {
    this.#sizes.set(record, (this.#sizes.get(record) ?? 0) + bytes);
    this.#bytes += bytes;
    let drop = 0;
    let bytesAfter = this.#bytes;
    while (
      drop < this.records.length &&
      (this.records.length - drop > this.#maxRequests || bytesAfter > this.#maxBytes)
    ) {
      const oldest = this.records[drop++]!;
      bytesAfter -= this.#sizes.get(oldest) ?? 0;
      this.#sizes.delete(oldest);
    }
    if (drop > 0) this.records.splice(0, drop);
    this.#bytes = this.records.length === 0 ? 0 : bytesAfter;
  }
}

/** What a record counts for before its body: its path, query and headers. */
function sizeOf(record: RecordedRequest): number {
  let bytes = record.method.length + Buffer.byteLength(record.path);
  for (const [name, value] of Object.entries(record.query)) {
    bytes += Buffer.byteLength(name) + Buffer.byteLength(value);
  }
  for (const [name, value] of Object.entries(record.headers)) {
    bytes += name.length + Buffer.byteLength(value);
  }
  return bytes;
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`${name} must be a positive integer, got ${value}`);
  }
  return value;
}
