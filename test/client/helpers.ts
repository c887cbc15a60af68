/** Shared helpers of the client tests: one emulator per describe, clients pointed at it, timing. */
import { strict as assert } from "node:assert";
import { ShieldClient, type ShieldClientOptions } from "../../src/client";
import {
  DRIFT_FIELDS,
  startEmulator,
  type Emulator,
  type EmulatorOptions,
} from "../../src/emulator";

/** A distinctive key, so that a leak is easy to spot in any text. */
export const API_KEY = "emu_CLIENTSUITE_0f9e8d7c6b5a4321_SECRET";

/** A fixed clock: today is 03-15-2026 (UTC) for the emulator. */
export const NOW = new Date("2026-03-15T12:34:56Z");
export const TODAY = "03-15-2026";
export const TODAY_ISO = "2026-03-15";
export const YESTERDAY = "03-14-2026";
export const THREE_DAYS_AGO = "03-12-2026";

/**
 * Starts an emulator before the describe's tests and closes it after them. It refuses request
 * properties the service does not know (`strictBodies`): the live service drops them silently,
 * so only here can a field the client misspells show.
 */
export function useEmulator(options: EmulatorOptions = {}): () => Emulator {
  let emulator: Emulator | undefined;
  before(async () => {
    emulator = await startEmulator({
      apiKey: API_KEY,
      now: () => NOW,
      strictBodies: true,
      ...options,
    });
  });
  afterEach(() => {
    emulator?.faults.clear();
  });
  after(async () => {
    await emulator?.close();
  });
  return () => {
    if (!emulator) throw new Error("emulator not started");
    return emulator;
  };
}

/** A client for `emulator` (or a stub) with short backoff, so tests that are not about waits stay quick. */
export function clientFor(
  emulator: Pick<Emulator, "apiKey" | "url">,
  options: Partial<ShieldClientOptions> = {},
): ShieldClient {
  return new ShieldClient({
    apiKey: emulator.apiKey,
    baseUrl: emulator.url,
    retryBaseDelayMs: 5,
    ...options,
  });
}

/** Awaits a promise that must reject with `type`, and returns the error. */
export async function rejection<E extends Error>(
  promise: PromiseLike<unknown>,
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  try {
    await promise;
  } catch (error) {
    assert.ok(
      error instanceof type,
      `expected a ${type.name}, got ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
    );
    return error;
  }
  assert.fail(`expected a ${type.name}, but the call succeeded`);
}

/** Reads a whole async generator. */
export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

/** Runs `action` and returns its outcome with the time it took, in ms. */
export async function timed<T>(
  action: () => Promise<T>,
): Promise<{ ms: number; value?: T; error?: unknown }> {
  const start = performance.now();
  try {
    const value = await action();
    return { ms: performance.now() - start, value };
  } catch (error) {
    return { ms: performance.now() - start, error };
  }
}

/** A success envelope as the service sends it. */
export const OK_ENVELOPE = { statusCode: 200, success: true, message: null, errorKey: null };

/** Labels of an event-log entry, every field present. */
export function labels(severity: string): Record<string, string | null> {
  return {
    asn: "AS13335",
    country: "DE",
    ruleId: "942100",
    severity,
    method: "GET",
    ruleGroup: "SQLI",
    status: "403",
    serverZone: "DE",
  };
}

/** An event-log entry matching the `Log` schema exactly. */
export function logEntry(logId: string, timestamp = NOW.getTime()): Record<string, unknown> {
  return { logId, timestamp, log: `entry ${logId}`, labels: labels("CRITICAL") };
}

/** A `WafLoggingResponse` matching the schema exactly. */
export function eventLogPage(
  logIds: string[],
  hasMoreData: boolean,
  continuationToken: string | null,
): Record<string, unknown> {
  return {
    logs: logIds.map((id) => logEntry(id)),
    hasMoreData,
    continuationToken,
    startToken: null,
    errorResponse: OK_ENVELOPE,
  };
}

/** A valid bot detection answer with the given envelope. */
export function botDetectionBody(error: Record<string, unknown> = OK_ENVELOPE): {
  data: Record<string, unknown>;
  error: Record<string, unknown>;
} {
  return {
    data: {
      shieldZoneId: 1001,
      executionMode: 1,
      requestIntegrity: { sensitivity: 2 },
      ipAddress: { sensitivity: 3 },
      browserFingerprint: { sensitivity: 2, aggression: 2, complexEnabled: true },
    },
    error,
  };
}

/** `value` without the fields a drifting emulator adds (at any depth). */
export function withoutDriftFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDriftFields);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !(DRIFT_FIELDS as readonly string[]).includes(key))
      .map(([key, member]) => [key, withoutDriftFields(member)]),
  );
}

/** The emulator's raw JSON answer, for comparison with what the client returns. */
export async function rawAnswer(
  emulator: Emulator,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(emulator.url + path, {
    method: body === undefined ? "GET" : "POST",
    headers: { AccessKey: API_KEY, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.equal(response.status, 200);
  return response.json();
}

/** A value of the wrong type, for arguments TypeScript would refuse. */
export function unchecked<T>(value: unknown): T {
  return value as T;
}
