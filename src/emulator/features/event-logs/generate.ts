/**
 * Event log data, computed on demand: entry `i` of a zone's day is a pure function of
 * (zone, day, i, volume), so a day of 200,000 entries costs nothing until a page is read.
 * Also the opaque continuation tokens that address a position in a day.
 */
import type { EventLogEntry } from "../../api-types";
import { DAY_MS, type UtcDay } from "../../dates";
import { hashInts, mulberry32, pick, randomInt, type Random } from "../../prng";

interface Rule {
  id: string;
  group: string;
  severity: "CRITICAL" | "ERROR" | "WARNING" | "NOTICE";
  message: string;
  paths: readonly string[];
}

/** OWASP CRS-style rules, the kind the Shield WAF reports. */
const RULES: readonly Rule[] = [
  {
    id: "942100",
    group: "SQLI",
    severity: "CRITICAL",
    message: "SQL Injection Attack Detected via libinjection",
    paths: ["/products?id=1%27%20OR%201=1--", "/search?q=1%20UNION%20SELECT%20password"],
  },
  {
    id: "941100",
    group: "XSS",
    severity: "CRITICAL",
    message: "XSS Attack Detected via libinjection",
    paths: ["/search?q=%3Cscript%3Ealert(1)%3C/script%3E", "/comment?text=%3Cimg%20onerror=x%3E"],
  },
  {
    id: "930120",
    group: "LFI",
    severity: "CRITICAL",
    message: "OS File Access Attempt",
    paths: ["/download?file=../../etc/passwd", "/.env", "/static/..%2f..%2f.git/config"],
  },
  {
    id: "932160",
    group: "RCE",
    severity: "CRITICAL",
    message: "Remote Command Execution: Unix Shell Code Found",
    paths: ["/cgi-bin/status?cmd=/bin/sh", "/api/ping?host=;cat%20/etc/shadow"],
  },
  {
    id: "933100",
    group: "PHP",
    severity: "ERROR",
    message: "PHP Injection Attack: PHP Open Tag Found",
    paths: ["/index.php?page=%3C?php%20system($_GET[c]);", "/xmlrpc.php"],
  },
  {
    id: "949110",
    group: "BLOCKING-EVALUATION",
    severity: "ERROR",
    message: "Inbound Anomaly Score Exceeded",
    paths: ["/wp-login.php", "/admin/login", "/api/v1/users"],
  },
  {
    id: "913100",
    group: "SCANNER-DETECTION",
    severity: "WARNING",
    message: "Found User-Agent associated with security scanner",
    paths: ["/", "/robots.txt", "/phpmyadmin/"],
  },
  {
    id: "920350",
    group: "PROTOCOL-ENFORCEMENT",
    severity: "WARNING",
    message: "Host header is a numeric IP address",
    paths: ["/", "/favicon.ico"],
  },
  {
    id: "920320",
    group: "PROTOCOL-ENFORCEMENT",
    severity: "NOTICE",
    message: "Missing User Agent Header",
    paths: ["/", "/api/health", "/feed.xml"],
  },
];

const METHODS = ["GET", "GET", "GET", "POST", "POST", "PUT", "HEAD", "DELETE"] as const;
const COUNTRIES = ["US", "DE", "CN", "RU", "BR", "IN", "NL", "FR", "GB", "SG", "VN", "UA", "JP"];
const ASNS = ["AS14061", "AS16509", "AS15169", "AS4134", "AS12389", "AS24940", "AS16276", "AS8075"];
const SERVER_ZONES = ["DE", "UK", "NY", "LA", "SG", "SYD", "BR", "JP", "FR"];

/** The search dimensions of an event (`EventRow.fields`), as the search API names them. */
export const SEARCH_DIMENSIONS = [
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
/** One of {@link SEARCH_DIMENSIONS}. */
export type SearchDimension = (typeof SEARCH_DIMENSIONS)[number];

/** One event as the search sees it: the GET's entry, its dimensions and its request context. */
export interface LogEvent {
  entry: EventLogEntry;
  fields: Record<SearchDimension, string>;
  /** The rule's name (its message), which the free-text query also looks through. */
  ruleName: string;
  /** The request context (`EventRow.log`). */
  context: Record<string, unknown>;
}

// Browsers and bots for most rules; scanners for the scanner rule, none for the "missing
// User-Agent" rule.
const USER_AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36",
  "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0",
  "python-requests/2.31.0",
  "curl/8.5.0",
  "Go-http-client/1.1",
];
const SCANNER_AGENTS = ["sqlmap/1.8.2#stable", "Nikto/2.5.0", "Mozilla/5.0 zgrab/0.x"];
const JA4S = [
  "t13d1516h2_8daaf6152771_02713d6af862",
  "t13d1715h2_5b57614c22b0_3d5424432f57",
  "t12d1209h1_d34a8e72043a_b39be8c56a14",
  "t13d190900_9dc949149365_97f8aa674fd9",
];

/** The random draws that make an event, in their fixed order (new draws go last). */
function draw(zoneId: number, day: UtcDay, index: number, volume: number) {
  const random = mulberry32(hashInts(zoneId, day.dayNumber, index));
  const timestamp = timestampOf(random, day, index, volume);
  const rule = pick(random, RULES);
  const method = pick(random, METHODS);
  const country = pick(random, COUNTRIES);
  const asn = pick(random, ASNS);
  const serverZone = pick(random, SERVER_ZONES);
  const path = pick(random, rule.paths);
  const ip = randomIp(random);
  const blocked = rule.severity === "CRITICAL" || rule.severity === "ERROR";
  const url = `https://zone-${zoneId}.b-cdn.net${path}`;
  return { random, timestamp, rule, method, country, asn, serverZone, ip, blocked, url };
}

/**
 * The time of event `index` of a day that has `volume` of them: event i owns the slice
 * [i, i+1) * DAY_MS / volume of the day, so times ascend with the index. One draw of `random`.
 */
export function timestampOf(random: Random, day: UtcDay, index: number, volume: number): number {
  const sliceStart = Math.floor((index * DAY_MS) / volume);
  const sliceEnd = Math.floor(((index + 1) * DAY_MS) / volume);
  return day.startMs + sliceStart + Math.floor(random() * (sliceEnd - sliceStart));
}

/** The timestamp of entry `index` alone (the first draw), for finding a time in a day. */
export function eventLogTimestamp(
  zoneId: number,
  day: UtcDay,
  index: number,
  volume: number,
): number {
  return timestampOf(mulberry32(hashInts(zoneId, day.dayNumber, index)), day, index, volume);
}

/** Entry `index` (0-based) of a zone's day that has `volume` entries in all. */
export function eventLogEntry(
  zoneId: number,
  day: UtcDay,
  index: number,
  volume: number,
): EventLogEntry {
  return entryOf(zoneId, day, index, draw(zoneId, day, index, volume));
}

/** Entry `index` of a zone's day with what the search looks at. */
export function logEvent(zoneId: number, day: UtcDay, index: number, volume: number): LogEvent {
  const drawn = draw(zoneId, day, index, volume);
  const { random, rule } = drawn;
  const agents =
    rule.group === "SCANNER-DETECTION" ? SCANNER_AGENTS : rule.id === "920320" ? [""] : USER_AGENTS;
  const ua = pick(random, agents);
  const ja4 = pick(random, JA4S);
  const entry = entryOf(zoneId, day, index, drawn);
  const action = drawn.blocked ? "blocked" : "logged";
  const fields = {
    feature: "waf",
    ruleId: rule.id,
    ip: drawn.ip,
    ja4,
    ua,
    url: drawn.url,
    asn: drawn.asn,
    country: drawn.country,
    action,
  };
  const context = {
    ...fields,
    method: drawn.method,
    status: entry.labels.status,
    serverZone: drawn.serverZone,
    ruleGroup: rule.group,
    ruleName: rule.message,
    severity: rule.severity,
    message: entry.log,
  };
  return { entry, fields, ruleName: rule.message, context };
}

function entryOf(
  zoneId: number,
  day: UtcDay,
  index: number,
  { timestamp, rule, method, country, asn, serverZone, ip, blocked, url }: ReturnType<typeof draw>,
): EventLogEntry {
  const log =
    `[${rule.severity}] ${rule.group} rule ${rule.id} "${rule.message}" matched ` +
    `${method} ${url} from ${ip} (${country}, ${asn}); ` +
    `${blocked ? "blocked" : "logged"} at ${serverZone}`;
  return {
    logId: logId(zoneId, day, index),
    timestamp,
    log,
    labels: {
      asn,
      country,
      ruleId: rule.id,
      severity: rule.severity,
      method,
      ruleGroup: rule.group,
      status: blocked ? "403" : "200",
      serverZone,
    },
  };
}

/** A UUID-shaped id, unique per (zone, day, index). */
function logId(zoneId: number, day: UtcDay, index: number): string {
  const hex = [1, 2, 3, 4]
    .map((part) => hashInts(zoneId, day.dayNumber, index, part).toString(16).padStart(8, "0"))
    .join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function randomIp(random: Random): string {
  return [randomInt(random, 11, 223), ...[0, 0, 0].map(() => randomInt(random, 0, 255))].join(".");
}

/** The position a continuation token stands for. */
export interface EventLogCursor {
  zoneId: number;
  /** `MM-dd-yyyy`. */
  date: string;
  /** Index of the first entry of the page. */
  offset: number;
}

const TOKEN_PATTERN = /^v1:(\d+):(\d{2}-\d{2}-\d{4}):(\d+)$/;

/** An opaque token (base64url) for a position in a day. */
export function encodeToken(cursor: EventLogCursor): string {
  return Buffer.from(`v1:${cursor.zoneId}:${cursor.date}:${cursor.offset}`).toString("base64url");
}

/** The position a token stands for, or undefined when it is not one of ours. */
export function decodeToken(token: string): EventLogCursor | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
  const match = TOKEN_PATTERN.exec(Buffer.from(token, "base64url").toString("utf8"));
  if (!match) return undefined;
  const cursor = { zoneId: Number(match[1]), date: match[2] as string, offset: Number(match[3]) };
  // Only the canonical spelling is valid: base64 decoding forgives stray trailing characters.
  return encodeToken(cursor) === token ? cursor : undefined;
}
