/**
 * Single-flight reads (internal): identical GETs in flight at once in this process share one
 * request, its retries and its answer. A refresh reads a zone's whole list once per resource
 * (every access list configuration of the zone reads it), so without sharing, N resources of
 * one zone cost N identical requests.
 *
 * Identical means: the same API address, key and client settings (a keyed digest of them: the
 * key itself is not held here), operation, path and query. A write (any other method) closes
 * the reads in flight on its zone to newcomers, as it starts and again as it settles, so a read
 * issued after a write to its zone began never gets an answer that may predate that write.
 * A path that names no zone is every zone's: a write to it closes every read, and a write to
 * any zone closes it.
 *
 * A client made with `keepReads` (a preview's, which writes nothing) also keeps settled answers,
 * frozen, until a write to their zone: a zone is then read once, however many resources ask.
 */
import { createHmac, randomBytes } from "node:crypto";

/** The prefixes of the paths that name the zone they read or write (its id follows). */
const ZONE_PREFIXES = [
  "/shield/shield-zone/",
  "/shield/waf/custom-rules/",
  "/shield/waf/rules/",
  "/shield/rate-limits/",
];

/**
 * The zone `path` names (the digits after one of {@link ZONE_PREFIXES}, up to the next `/` or
 * the end), or "" for a path that names none. Read by hand, not by a regular expression: this
 * runs on every request.
 */
export function zoneOfPath(path: string): string {
  for (const prefix of ZONE_PREFIXES) {
    if (!path.startsWith(prefix)) continue;
    const start = prefix.length;
    let end = start;
    for (let c = path.charCodeAt(end); c >= 48 && c <= 57; c = path.charCodeAt(++end));
    // At least one digit, then the end or a slash.
    return end > start && (end === path.length || path.charCodeAt(end) === 47)
      ? path.slice(start, end)
      : "";
  }
  return "";
}

interface Flight<T> {
  /** The zone of the read's path ("" for a path that names none). */
  readonly zone: string;
  promise: Promise<T>;
  joiners: number;
}

/**
 * The reads a newcomer may still join, by key (a key names its path, and so its zone). One map
 * for every zone, not a map per zone: reads one after another would each make and drop one.
 * For the same reason, an entry that is no read and never leaves (its zone names none) keeps
 * the map from emptying: V8 gives an emptied map's table back and makes a new one at the next
 * read.
 */
const KEEP = Symbol("kept entry");
const open = new Map<string | typeof KEEP, Flight<unknown>>([
  [KEEP, { zone: "\u0000none", joiners: 0, promise: Promise.resolve() }],
]);
/** The answers kept for clients with `keepReads`, by zone, then by key. */
const kept = new Map<string, Map<string, Promise<unknown>>>();

let enabled = true;

/**
 * Turns sharing on (the default) or off for this process. Only for measurements that compare
 * both ways (bench/); not part of the package's API.
 */
export function setReadSharing(on: boolean): void {
  enabled = on;
}

// A secret of this process: the digest identifies credentials here, and nowhere else.
const secret = randomBytes(32);

/** A digest of everything that makes two clients' identical requests interchangeable. */
export function identityOf(parts: readonly unknown[]): string {
  return createHmac("sha256", secret).update(JSON.stringify(parts)).digest("base64url");
}

/**
 * Runs `send`, or joins the identical read already in flight. Joiners get the same answer,
 * frozen (no caller can change what another one sees), and each its own copy of a failure
 * (callers add context to its message). A settled read is forgotten, unless `keep` says to keep
 * its answer (frozen) until a write to its zone: otherwise the next call sends anew.
 */
export function sharedRead<T>(
  path: string,
  key: string,
  send: () => Promise<T>,
  keep = false,
): Promise<T> {
  if (!enabled) return send();
  if (keep) return keptRead(zoneOfPath(path), key, () => sharedRead(path, key, send));
  const running = open.get(key) as Flight<T> | undefined;
  if (running) {
    running.joiners++;
    return running.promise.catch((error: unknown) => {
      throw copyOf(error);
    });
  }
  const flight: Flight<T> = { zone: zoneOfPath(path), joiners: 0, promise: send() };
  flight.promise = flight.promise.then(
    (answer) => {
      if (open.get(key) === flight) open.delete(key);
      // Nobody can join any more: freeze only what is shared.
      if (flight.joiners > 0) deepFreeze(answer);
      return answer;
    },
    (error: unknown) => {
      if (open.get(key) === flight) open.delete(key);
      throw error;
    },
  );
  open.set(key, flight as Flight<unknown>);
  return flight.promise;
}

function keptRead<T>(zone: string, key: string, read: () => Promise<T>): Promise<T> {
  let answers = kept.get(zone);
  const known = answers?.get(key) as Promise<T> | undefined;
  if (known) return known;
  if (!answers) kept.set(zone, (answers = new Map()));
  const zoneAnswers = answers;
  const answer = read().then(
    (value) => {
      deepFreeze(value);
      return value;
    },
    (error: unknown) => {
      if (zoneAnswers.get(key) === answer) zoneAnswers.delete(key);
      throw error;
    },
  );
  zoneAnswers.set(key, answer);
  return answer;
}

/** Closes to newcomers the reads in flight (and drops the answers kept) that a write to `path` may outdate. */
export function closeReads(path: string): void {
  const zone = zoneOfPath(path);
  for (const [key, flight] of open) {
    if (zone === "" ? key !== KEEP : flight.zone === zone || flight.zone === "") open.delete(key);
  }
  if (zone === "") {
    kept.clear();
    return;
  }
  kept.delete(zone);
  kept.delete("");
}

function deepFreeze(value: unknown): void {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const member of Object.values(value)) deepFreeze(member);
}

/** A copy of an error with its class and fields, so that changing it leaves the original. */
function copyOf(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  return Object.create(
    Object.getPrototypeOf(error) as object,
    Object.getOwnPropertyDescriptors(error),
  ) as Error;
}
