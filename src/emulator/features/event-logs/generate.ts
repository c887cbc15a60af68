/**
 * Event log data, computed on demand: entry `i` of a zone's day is a pure function of
 * (zone, day, i, volume), so a day of 200,000 entries costs nothing until a page is read.
 * Also the opaque continuation tokens that address a position in a day.
 */
import type { EventLogEntry } from "../../api-types";
import type { UtcDay } from "../../dates";
import { hashInts, mulberry32, pick, randomInt, type Random } from "../../prng";

const DAY_MS = 86_400_000;

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

/** Entry `index` (0-based) of a zone's day that has `volume` entries in all. */
export function eventLogEntry(
  zoneId: number,
  day: UtcDay,
  index: number,
  volume: number,
): EventLogEntry {
  const random = mulberry32(hashInts(zoneId, day.dayNumber, index));
  // Entry i owns the slice [i, i+1) * DAY_MS / volume of the day, so timestamps ascend.
  const sliceStart = Math.floor((index * DAY_MS) / volume);
  const sliceEnd = Math.floor(((index + 1) * DAY_MS) / volume);
  const timestamp = day.startMs + sliceStart + Math.floor(random() * (sliceEnd - sliceStart));

  const rule = pick(random, RULES);
  const method = pick(random, METHODS);
  const country = pick(random, COUNTRIES);
  const asn = pick(random, ASNS);
  const serverZone = pick(random, SERVER_ZONES);
  const path = pick(random, rule.paths);
  const blocked = rule.severity === "CRITICAL" || rule.severity === "ERROR";
  const status = blocked ? "403" : "200";
  const ip = randomIp(random);
  const log =
    `[${rule.severity}] ${rule.group} rule ${rule.id} "${rule.message}" matched ` +
    `${method} https://zone-${zoneId}.b-cdn.net${path} from ${ip} (${country}, ${asn}); ` +
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
      status,
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
