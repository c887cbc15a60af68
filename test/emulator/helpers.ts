/** Shared helpers of the emulator tests: one emulator per describe, and small HTTP wrappers. */
import {
  startEmulator,
  type Emulator,
  type EmulatorOptions,
  type StateSnapshot,
} from "../../src/emulator";
import { ADDED_AFTER_VERSION_1 } from "../../src/emulator/snapshot";

/** The key every test emulator accepts. */
export const API_KEY = "emu_test_key_0123456789abcdef";

/** A fixed clock, so event-log dates are stable: today is 03-15-2026 (UTC). */
export const NOW = new Date("2026-03-15T12:34:56Z");
export const TODAY = "03-15-2026";
export const YESTERDAY = "03-14-2026";
export const TWO_DAYS_AGO = "03-13-2026";
export const THREE_DAYS_AGO = "03-12-2026";

/** A version-1 state file of the same data as a version-2 `snapshot`: what later versions added left out. */
export function asVersion1(snapshot: StateSnapshot): {
  version: number;
  zones: Record<string, unknown>[];
} {
  const v1 = structuredClone(snapshot) as unknown as Record<string, unknown> & {
    version: number;
    zones: Record<string, unknown>[];
  };
  v1.version = 1;
  for (const field of ADDED_AFTER_VERSION_1.snapshot) delete v1[field];
  for (const zone of v1.zones) for (const field of ADDED_AFTER_VERSION_1.zone) delete zone[field];
  return v1;
}

/** Starts an emulator before the describe's tests and closes it after them. */
export function useEmulator(options: EmulatorOptions = {}): () => Emulator {
  let emulator: Emulator | undefined;
  before(async () => {
    emulator = await startEmulator({ apiKey: API_KEY, now: () => NOW, ...options });
  });
  after(async () => {
    await emulator?.close();
  });
  return () => {
    if (!emulator) throw new Error("emulator not started");
    return emulator;
  };
}

/** An answer with its body read as text and, when it parses, as JSON. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

export interface CallOptions {
  method?: string;
  /** Sent as JSON unless it is a string. */
  body?: unknown;
  /** The AccessKey header; null sends none. Default {@link API_KEY}. */
  key?: string | null;
  headers?: Record<string, string>;
}

/** Calls the emulator and reads the whole answer. */
export async function call(
  emulator: Emulator,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? API_KEY : options.key;
  if (key !== null) headers.AccessKey = key;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    headers["Content-Type"] ??= "application/json";
  }
  const response = await fetch(emulator.url + path, {
    method: options.method ?? "GET",
    headers,
    body,
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** PATCHes an access list configuration. */
export function patchList(
  emulator: Emulator,
  zoneId: number | string,
  configurationId: number | string,
  body: unknown,
  options: CallOptions = {},
): Promise<Answer> {
  return call(
    emulator,
    `/shield/shield-zone/${zoneId}/access-lists/configurations/${configurationId}`,
    {
      ...options,
      method: "PATCH",
      body,
    },
  );
}

/** The envelope every Shield success carries. */
export const SUCCESS = { statusCode: 200, success: true, message: null, errorKey: null };
