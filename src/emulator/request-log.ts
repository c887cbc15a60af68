/**
 * The record kept of each API request, so that tests can assert what a client sent (retries,
 * bodies, headers) without ever seeing the API key.
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
  /** Parsed JSON if the body parses, else the raw text; undefined when empty. */
  body: unknown;
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

/** The recorded form of a body: JSON if it parses, else the text; undefined when empty. */
export function recordedBody(raw: string): unknown {
  if (raw === "") return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}
