/**
 * What the reliability suite has tried and found, shared by its files: faults tried,
 * bad inputs tried, texts scanned for the API key, leaks, unhandled rejections. The
 * root `after` hook of summary.test.ts prints it as a table and fails on any leak.
 *
 * Also the suite's watchers: a `process.on("unhandledRejection")` listener and a tee of
 * console and process.stdout/stderr, both installed for the duration of each
 * reliability `describe` (see {@link useWatchers}), so other suites are left alone.
 */
import * as util from "node:util";

/** The suite's API key: distinctive, so that any trace of it is easy to find. */
export const API_KEY = "emu_RELIAB1LITY_7d41c0ffee5eed_DO_NOT_LEAK";
/** A recognisable part of the key: a leak of a fragment counts too. */
const KEY_FRAGMENT = API_KEY.slice(4, 22);

/** One place where the key was found. */
export interface Leak {
  where: string;
  excerpt: string;
}

/** The counts the summary prints. */
export const tally = {
  /** Fault cases run (one operation under one fault, transient or persistent). */
  faultsTried: 0,
  /** Of those, how many ended in success after a retry. */
  faultsRecovered: 0,
  /** Of those, how many ended in a typed error. */
  faultsTypedErrors: 0,
  /** Bad inputs refused (check, client methods, functions). */
  badInputsTried: 0,
  /** Odd-but-legal path segments checked to stay on their route. */
  routeProbes: 0,
  /** Lifecycle scenarios run under faults. */
  lifecycleScenarios: 0,
  /** fast-check runs. */
  propertyRuns: 0,
  /** Errors rendered (message, stack, inspect, causes) and scanned for the key. */
  errorsScanned: 0,
  /** Other texts scanned: console output, state files, __provider, outputs, requests. */
  textsScanned: 0,
  /** Characters scanned in all. */
  charsScanned: 0,
  leaks: [] as Leak[],
  /** Reasons of unhandled rejections seen while a reliability describe ran. */
  unhandledRejections: [] as unknown[],
};

/** Scans `text` for the key (or a fragment of it); records and returns the leaks found. */
export function scanText(text: string, where: string): Leak[] {
  tally.textsScanned++;
  tally.charsScanned += text.length;
  const found: Leak[] = [];
  for (const needle of [API_KEY, KEY_FRAGMENT]) {
    const at = text.indexOf(needle);
    if (at >= 0) {
      found.push({ where, excerpt: text.slice(Math.max(0, at - 60), at + needle.length + 20) });
      break;
    }
  }
  tally.leaks.push(...found);
  return found;
}

/** Every rendering of an error a log, a crash report or a Pulumi diagnostic might show. */
export function renderings(value: unknown): string[] {
  const texts = [
    util.inspect(value, { depth: 10, showHidden: true }),
    util.inspect(value, { depth: Infinity, getters: true }),
    safeJson(value),
    String(value),
  ];
  if (value instanceof Error) {
    texts.push(value.message, value.stack ?? "");
    let cause: unknown = value.cause;
    for (let depth = 0; cause !== undefined && depth < 10; depth++) {
      texts.push(util.inspect(cause, { depth: 10, showHidden: true }), String(cause));
      cause = cause instanceof Error ? cause.cause : undefined;
    }
  }
  return texts;
}

/** Scans every rendering of an error the suite produced; returns the leaks found. */
export function scanError(error: unknown, where: string): Leak[] {
  tally.errorsScanned++;
  const found: Leak[] = [];
  for (const text of renderings(error)) {
    tally.charsScanned += text.length;
    const leak = scanTextQuiet(text, where);
    if (leak) {
      found.push(leak);
      break;
    }
  }
  tally.leaks.push(...found);
  return found;
}

function scanTextQuiet(text: string, where: string): Leak | undefined {
  for (const needle of [API_KEY, KEY_FRAGMENT]) {
    const at = text.indexOf(needle);
    if (at >= 0) {
      return { where, excerpt: text.slice(Math.max(0, at - 60), at + needle.length + 20) };
    }
  }
  return undefined;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return "";
  }
}

// ---------------------------------------------------------------------------------------
// Watchers: unhandled rejections and captured console output.

/** Everything written to the console or stdout/stderr while a reliability describe ran. */
export const captured: string[] = [];

let depth = 0;
let restore: (() => void) | undefined;

function onUnhandled(reason: unknown): void {
  // Mocha re-emits the event once; count each reason once.
  if (!tally.unhandledRejections.includes(reason)) tally.unhandledRejections.push(reason);
}

function install(): () => void {
  process.on("unhandledRejection", onUnhandled);
  const stdoutWrite = process.stdout.write;
  const stderrWrite = process.stderr.write;
  const tee = (original: typeof process.stdout.write, stream: NodeJS.WriteStream) =>
    function (this: unknown, chunk: unknown, ...rest: unknown[]): boolean {
      captured.push(
        typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString(),
      );
      return (original as (...args: unknown[]) => boolean).call(stream, chunk, ...rest);
    } as typeof process.stdout.write;
  process.stdout.write = tee(stdoutWrite, process.stdout);
  process.stderr.write = tee(stderrWrite, process.stderr);
  // console.* normally end up in the writes above; wrapped too, in case a test replaced them.
  const methods = ["log", "error", "warn", "info", "debug"] as const;
  const originals = methods.map((m) => console[m]);
  for (const [i, m] of methods.entries()) {
    const original = originals[i];
    console[m] = (...args: unknown[]) => {
      captured.push(util.format(...args));
      // Avoid capturing twice: the original writes through the wrapped stream.
      const before = captured.length;
      original.apply(console, args);
      captured.length = Math.min(captured.length, before);
    };
  }
  return () => {
    process.off("unhandledRejection", onUnhandled);
    process.stdout.write = stdoutWrite;
    process.stderr.write = stderrWrite;
    for (const [i, m] of methods.entries()) console[m] = originals[i];
  };
}

/**
 * Installs the watchers for the enclosing `describe` (nested uses share one install),
 * and after it asserts that no unhandled rejection fired.
 */
export function useWatchers(): void {
  let rejectionsBefore = 0;
  before(() => {
    if (depth++ === 0) restore = install();
    rejectionsBefore = tally.unhandledRejections.length;
  });
  after(async () => {
    // Give stray promises of the last test a chance to be reported.
    await new Promise((resolve) => setImmediate(resolve));
    if (--depth === 0) {
      restore?.();
      restore = undefined;
    }
    const fresh = tally.unhandledRejections.slice(rejectionsBefore);
    if (fresh.length > 0) {
      throw new Error(
        `unhandled rejections during this suite: ${fresh.map((r) => util.inspect(r)).join("; ")}`,
      );
    }
  });
}
