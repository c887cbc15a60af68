/**
 * `POST /shield/event-logs/{shieldZoneId}/search`: the logs that `GET /shield/event-logs` serves
 * (generate.ts), searched. Rows come newest first; groups by count, largest first. Without a
 * filter or query, a page of rows is found by arithmetic (times ascend with the index within a
 * day), so deep pages of a huge day cost nothing; a filter, a query or a grouping reads the
 * window's events once per request.
 */
import { BlockList, isIP } from "node:net";
import type {
  EventGroup,
  EventLogsFilter,
  EventLogsSearchResponse,
  EventRow,
  GenericRequestResponse,
} from "../../api-types";
import { DAY_MS, dayOf, retainedSpan, type UtcDay } from "../../dates";
import {
  BodyError,
  FIELD,
  nullable,
  readBody,
  type FieldSpec,
  type FieldSpecs,
} from "../../request-body";
import {
  ERRORS,
  errorStatus,
  json,
  problem,
  successStatus,
  type ApiResponse,
} from "../../responses";
import type { RouteContext } from "../../route";
import type { EmulatorState } from "../../state";
import {
  eventLogTimestamp,
  logEvent,
  SEARCH_DIMENSIONS,
  type LogEvent,
  type SearchDimension,
} from "./generate";

/** The filter operators the service documents. */
const SEARCH_OPERATORS = ["eq", "in", "contains", "cidr", "wildcard"] as const;
const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 500;
const MAX_BUCKETS = 500;

const int64: FieldSpec = { expected: "a 64-bit integer", check: Number.isSafeInteger };
const FILTER: FieldSpecs = {
  field: nullable(FIELD.text),
  op: nullable(FIELD.text),
  value: nullable(FIELD.strings),
};
const BODY: FieldSpecs = {
  from: int64,
  to: int64,
  query: nullable(FIELD.text),
  filters: nullable({ expected: "an array of filters", items: FILTER }),
  groupBy: nullable(FIELD.strings),
  buckets: FIELD.int32,
  page: FIELD.int32,
  pageSize: FIELD.int32,
};

/** A search answer that carries only a failure. */
function searchError(status: GenericRequestResponse): EventLogsSearchResponse {
  return { rows: null, groups: null, total: 0, totalPages: 0, page: 0, errorResponse: status };
}

/** Handles the search; see the top of this file. */
export function searchEventLogs(context: RouteContext): ApiResponse {
  const { state, params, path, now } = context;
  // Model binding first, as in ASP.NET: a malformed body is a 400 whatever the zone.
  const body = readBody(context, BODY, ["from", "to"]);
  const request = body instanceof BodyError ? body : parseRequest(body);
  if (request instanceof BodyError) return problem(400, path, request.message);

  const zoneId = Number(params.shieldZoneId);
  if (!state.zone(zoneId)) return json(202, searchError(errorStatus(202, ERRORS.zoneNotFound)));
  const kept = retainedSpan(now);
  if (request.to <= request.from || request.from < kept.startMs || request.to > kept.endMs) {
    return json(200, searchError(errorStatus(400, ERRORS.searchWindowOutsideRetention)));
  }

  const spans = spansOf(state, zoneId, request.from, request.to);
  const found =
    request.groupBy.length > 0 ? groups(zoneId, spans, request) : rows(zoneId, spans, request);
  const { pageSize, page } = request;
  const answer: EventLogsSearchResponse = {
    rows: null,
    groups: null,
    ...found,
    totalPages: Math.ceil(found.total / pageSize),
    page,
    errorResponse: successStatus(),
  };
  return json(200, answer);
}

const EXPORT_BODY: FieldSpecs = {
  from: BODY.from!,
  to: BODY.to!,
  query: BODY.query!,
  filters: BODY.filters!,
};
/** The columns of an export, each a dimension of the search or the event's time. */
const EXPORT_COLUMNS = ["timestamp", "logId", ...SEARCH_DIMENSIONS] as const;

/** A CSV field: quoted when it holds a quote, a comma or a line break. */
const csvField = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * `POST /shield/event-logs/{shieldZoneId}/export`: every event the search's window, query and
 * filters select, newest first, as CSV (one header line, then one line per event).
 */
export function exportEventLogs(context: RouteContext): ApiResponse {
  const { state, params, path, now } = context;
  const body = readBody(context, EXPORT_BODY, ["from", "to"]);
  const request = body instanceof BodyError ? body : parseRequest(body);
  if (request instanceof BodyError) return problem(400, path, request.message);
  const zoneId = Number(params.shieldZoneId);
  if (!state.zone(zoneId)) return problem(404, path);
  const kept = retainedSpan(now);
  if (request.to <= request.from || request.from < kept.startMs || request.to > kept.endMs) {
    return problem(400, path, ERRORS.searchWindowOutsideRetention.message);
  }
  const lines = [EXPORT_COLUMNS.join(",")];
  for (const event of newestFirst(zoneId, spansOf(state, zoneId, request.from, request.to))) {
    if (request.matches && !request.matches(event)) continue;
    const time = new Date(event.entry.timestamp).toISOString();
    const values = [
      time,
      event.entry.logId ?? "",
      ...SEARCH_DIMENSIONS.map((d) => event.fields[d]),
    ];
    lines.push(values.map(csvField).join(","));
  }
  return { status: 200, contentType: "text/csv; charset=utf-8", body: `${lines.join("\r\n")}\r\n` };
}

interface SearchRequest {
  from: number;
  to: number;
  matches: ((event: LogEvent) => boolean) | undefined;
  groupBy: SearchDimension[];
  buckets: number;
  page: number;
  pageSize: number;
}

function parseRequest(body: Record<string, unknown>): SearchRequest | BodyError {
  // readBody has checked each filter's fields (and dropped the ones it does not know).
  const filters = (body.filters ?? []) as Partial<EventLogsFilter>[];
  const tests: Array<(event: LogEvent) => boolean> = [];
  for (const [index, filter] of filters.entries()) {
    const test = filterTest(filter, `filters.${index}`);
    if (test instanceof BodyError) return test;
    tests.push(test);
  }
  const query = typeof body.query === "string" ? body.query.toLowerCase() : "";
  if (query !== "") tests.push((event) => queryTargets(event).some((t) => t.includes(query)));

  const groupBy = (body.groupBy ?? []) as string[];
  const unknown = groupBy.find((name) => !isDimension(name));
  if (unknown !== undefined) {
    return new BodyError(
      "validation.groupBy",
      `Unknown dimension '${unknown}'; ${DIMENSIONS_TEXT}.`,
    );
  }
  const pageSize = (body.pageSize as number | undefined) || DEFAULT_PAGE_SIZE;
  return {
    from: body.from as number,
    to: body.to as number,
    matches: tests.length === 0 ? undefined : (event) => tests.every((test) => test(event)),
    groupBy: groupBy as SearchDimension[],
    buckets: clamp((body.buckets as number | undefined) ?? 0, 0, MAX_BUCKETS),
    page: Math.max(0, (body.page as number | undefined) ?? 0),
    pageSize: clamp(pageSize, 1, MAX_PAGE_SIZE),
  };
}

const DIMENSIONS_TEXT = `allowed: ${SEARCH_DIMENSIONS.join(", ")}`;

function isDimension(name: unknown): name is SearchDimension {
  return (SEARCH_DIMENSIONS as readonly unknown[]).includes(name);
}

/** The free-text query looks through the IP, rule id, URL, User-Agent and rule name. */
function queryTargets({ fields, ruleName }: LogEvent): string[] {
  return [fields.ip, fields.ruleId, fields.url, fields.ua, ruleName].map((t) => t.toLowerCase());
}

/** The test of one filter clause (its values OR-combined), or why it is refused. */
function filterTest(
  { field, op, value }: Partial<EventLogsFilter>,
  at: string,
): ((event: LogEvent) => boolean) | BodyError {
  if (!isDimension(field)) {
    return new BodyError(`validation.${at}.field`, `Unknown field '${field}'; ${DIMENSIONS_TEXT}.`);
  }
  const values = value ?? [];
  if (values.length === 0) {
    return new BodyError(`validation.${at}.value`, `'${at}.value' needs at least one value.`);
  }
  const lower = values.map((v) => v.toLowerCase());
  const of = (event: LogEvent) => event.fields[field].toLowerCase();
  switch (op) {
    case "eq":
    case "in":
      return (event) => lower.includes(of(event));
    case "contains":
      return (event) => lower.some((v) => of(event).includes(v));
    case "wildcard": {
      const patterns = values.map(wildcard);
      return (event) => patterns.some((p) => p.test(event.fields[field]));
    }
    case "cidr": {
      const blocks = field === "ip" ? cidrBlocks(values) : undefined;
      if (!blocks) {
        return new BodyError(
          `validation.${at}.value`,
          `'cidr' takes the field 'ip' and IPv4 or IPv6 networks such as 192.0.2.0/24.`,
        );
      }
      return (event) => {
        const ip = event.fields.ip;
        return blocks.check(ip, isIP(ip) === 6 ? "ipv6" : "ipv4");
      };
    }
    default:
      return new BodyError(
        `validation.${at}.op`,
        `Unknown operator '${op}'; allowed: ${SEARCH_OPERATORS.join(", ")}.`,
      );
  }
}

/** A whole-value, case-insensitive pattern in which `*` matches any run of characters. */
function wildcard(pattern: string): RegExp {
  const parts = pattern.split("*").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join(".*")}$`, "is");
}

function cidrBlocks(values: readonly string[]): BlockList | undefined {
  const blocks = new BlockList();
  for (const value of values) {
    const [address = "", bits, ...rest] = value.split("/");
    const family = isIP(address);
    const prefix = Number(bits);
    const max = family === 6 ? 128 : 32;
    if (family === 0 || rest.length > 0 || !/^\d+$/.test(bits ?? "") || prefix > max) {
      return undefined;
    }
    blocks.addSubnet(address, prefix, family === 6 ? "ipv6" : "ipv4");
  }
  return blocks;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** The entries [lo, hi) of one day that fall in the window. */
interface Span {
  day: UtcDay;
  volume: number;
  lo: number;
  hi: number;
}

/** The window's entries, day by day, newest day first. */
function spansOf(state: EmulatorState, zoneId: number, from: number, to: number): Span[] {
  const spans: Span[] = [];
  for (let start = dayOf(new Date(to - 1)).startMs; start + DAY_MS > from; start -= DAY_MS) {
    const day = dayOf(new Date(start));
    const volume = state.eventLogVolume(zoneId, day.key);
    const firstAt = (time: number) => firstIndexAtOrAfter(zoneId, day, volume, time);
    spans.push({ day, volume, lo: firstAt(from), hi: firstAt(to) });
  }
  return spans;
}

/** The first index whose time is at or after `time` (`volume` when none is). */
function firstIndexAtOrAfter(zoneId: number, day: UtcDay, volume: number, time: number): number {
  let [lo, hi] = [0, volume];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (eventLogTimestamp(zoneId, day, mid, volume) < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The window's entries newest first, after skipping `skip` of them. */
function* newestFirst(zoneId: number, spans: readonly Span[], skip = 0): Generator<LogEvent> {
  for (const { day, volume, lo, hi } of spans) {
    if (skip >= hi - lo) {
      skip -= hi - lo;
      continue;
    }
    for (let i = hi - 1 - skip; i >= lo; i--) yield logEvent(zoneId, day, i, volume);
    skip = 0;
  }
}

function rows(
  zoneId: number,
  spans: readonly Span[],
  { matches, page, pageSize }: SearchRequest,
): { rows: EventRow[]; total: number } {
  const first = page * pageSize;
  const found: EventRow[] = [];
  if (!matches) {
    // Every entry of the window matches: jump straight to the page.
    const total = spans.reduce((sum, s) => sum + s.hi - s.lo, 0);
    for (const event of newestFirst(zoneId, spans, first)) {
      if (found.length === pageSize) break;
      found.push(toRow(event));
    }
    return { rows: found, total };
  }
  let total = 0;
  for (const event of newestFirst(zoneId, spans)) {
    if (!matches(event)) continue;
    if (total >= first && found.length < pageSize) found.push(toRow(event));
    total++;
  }
  return { rows: found, total };
}

function toRow({ entry, fields, context }: LogEvent): EventRow {
  return { logId: entry.logId, timestamp: entry.timestamp, log: context, fields };
}

/** A group being counted. */
interface Tally {
  key: Record<string, string>;
  count: number;
  firstSeen: number;
  lastSeen: number;
  countries: Map<string, number>;
  asns: Map<string, number>;
  actions: Record<string, number>;
  features: Set<string>;
  ruleIds: Set<string>;
  sparkline: number[] | null;
}

function groups(
  zoneId: number,
  spans: readonly Span[],
  { matches, groupBy, buckets, from, to, page, pageSize }: SearchRequest,
): { groups: EventGroup[]; total: number } {
  const tallies = new Map<string, Tally>();
  const width = (to - from) / buckets;
  for (const event of newestFirst(zoneId, spans)) {
    if (matches && !matches(event)) continue;
    const { fields, entry } = event;
    const key = Object.fromEntries(groupBy.map((name) => [name, fields[name]]));
    const id = JSON.stringify(groupBy.map((name) => fields[name]));
    let tally = tallies.get(id);
    if (!tally) {
      tally = {
        key,
        count: 0,
        firstSeen: entry.timestamp,
        lastSeen: entry.timestamp,
        countries: new Map(),
        asns: new Map(),
        actions: { blocked: 0, challenged: 0, logged: 0 },
        features: new Set(),
        ruleIds: new Set(),
        sparkline: buckets > 0 ? new Array<number>(buckets).fill(0) : null,
      };
      tallies.set(id, tally);
    }
    tally.count++;
    tally.firstSeen = Math.min(tally.firstSeen, entry.timestamp);
    tally.lastSeen = Math.max(tally.lastSeen, entry.timestamp);
    count(tally.countries, fields.country);
    count(tally.asns, fields.asn);
    tally.actions[fields.action] = (tally.actions[fields.action] ?? 0) + 1;
    tally.features.add(fields.feature);
    tally.ruleIds.add(fields.ruleId);
    if (tally.sparkline) {
      const bucket = Math.min(buckets - 1, Math.floor((entry.timestamp - from) / width));
      tally.sparkline[bucket]!++;
    }
  }
  const sorted = [...tallies.entries()]
    .sort(([a, x], [b, y]) => y.count - x.count || y.lastSeen - x.lastSeen || (a < b ? -1 : 1))
    .map(([, tally]) => tally);
  const first = page * pageSize;
  return { groups: sorted.slice(first, first + pageSize).map(toGroup), total: sorted.length };
}

function count(counts: Map<string, number>, value: string): void {
  counts.set(value, (counts.get(value) ?? 0) + 1);
}

/** The most frequent value (the first seen among equals). */
function mostFrequent(counts: Map<string, number>): string | null {
  let best: [string, number] | undefined;
  for (const entry of counts) if (!best || entry[1] > best[1]) best = entry;
  return best?.[0] ?? null;
}

function toGroup(tally: Tally): EventGroup {
  return {
    key: tally.key,
    count: tally.count,
    firstSeen: tally.firstSeen,
    lastSeen: tally.lastSeen,
    context: {
      country: mostFrequent(tally.countries),
      asn: mostFrequent(tally.asns),
      ...tally.actions,
      features: [...tally.features].sort().join(","),
      ruleIds: [...tally.ruleIds].sort().join(","),
    },
    sparkline: tally.sparkline,
  };
}
