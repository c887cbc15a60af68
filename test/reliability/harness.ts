/** Shared by the reliability files: emulators, clients, providers, expected failures. */
import { strict as assert } from "node:assert";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { ShieldClient, ShieldError, type ShieldClientOptions } from "../../src/client";
import { startEmulator, type Emulator, type EmulatorOptions } from "../../src/emulator";
import { AccessListConfigurationProvider } from "../../src/resources";
import { API_KEY, scanError } from "./tally";

/** A fixed clock: today is 03-15-2026 (UTC) for the emulator. */
export const NOW = new Date("2026-03-15T12:34:56Z");
export const TODAY = "03-15-2026";

/** Client settings of the fault sweep: short waits, a few retries, a deadline to check. */
export const SWEEP_OPTIONS = {
  maxRetries: 2,
  retryBaseDelayMs: 5,
  timeoutMs: 300,
  deadlineMs: 2_500,
} satisfies Partial<ShieldClientOptions>;

/** Starts an emulator with the suite's key and clock. */
export function emulator(options: EmulatorOptions = {}): Promise<Emulator> {
  return startEmulator({ apiKey: API_KEY, now: () => NOW, ...options });
}

/** A client of `emu` (or of any URL) with the sweep's settings. */
export function clientFor(
  target: Emulator | string,
  options: Partial<ShieldClientOptions> = {},
): ShieldClient {
  return new ShieldClient({
    apiKey: API_KEY,
    baseUrl: typeof target === "string" ? target : target.url,
    ...SWEEP_OPTIONS,
    ...options,
  });
}

/** A provider configured the way the plugin does it, from the stack config. */
export async function configuredProvider(emu: Emulator): Promise<AccessListConfigurationProvider> {
  const provider = new AccessListConfigurationProvider();
  const config: Record<string, string> = {
    "bunnynet:apiKey": emu.apiKey,
    "bunnynet:apiUrl": emu.url,
  };
  await provider.configure({
    config: {
      get: (k) => config[k],
      require: (k) => {
        const value = config[k];
        if (value === undefined) throw new Error(`missing config ${k}`);
        return value;
      },
    },
  });
  return provider;
}

/** Removes the settings the package reads from the environment, for the enclosing describe. */
export function isolateEnvironment(): void {
  const saved = { key: process.env.BUNNYNET_API_KEY, url: process.env.BUNNYNET_API_URL };
  before(() => {
    delete process.env.BUNNYNET_API_KEY;
    delete process.env.BUNNYNET_API_URL;
  });
  after(() => {
    if (saved.key !== undefined) process.env.BUNNYNET_API_KEY = saved.key;
    if (saved.url !== undefined) process.env.BUNNYNET_API_URL = saved.url;
  });
}

/** Reads a whole async iterable. */
export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

/** The outcome of an action and the time it took, in ms. */
export interface Timed<T> {
  ms: number;
  value?: T;
  error?: unknown;
}

/** Runs `action`, scanning any error it throws for the key. */
export async function timed<T>(action: () => Promise<T>, where: string): Promise<Timed<T>> {
  const start = performance.now();
  try {
    const value = await action();
    return { ms: performance.now() - start, value };
  } catch (error) {
    const ms = performance.now() - start;
    scanError(error, where);
    return { ms, error };
  }
}

/**
 * Awaits a promise (or a function that may throw at once) that must fail with `type`,
 * scans the error for the key, and returns it.
 */
export async function failure<E extends Error>(
  work: Promise<unknown> | (() => unknown),
  type: abstract new (...args: never[]) => E,
  where: string,
): Promise<E> {
  let caught: unknown;
  let failed = false;
  try {
    await (typeof work === "function" ? work() : work);
  } catch (error) {
    caught = error;
    failed = true;
  }
  assert.ok(failed, `${where}: expected a ${type.name}, but the call succeeded`);
  scanError(caught, where);
  assert.ok(
    caught instanceof type,
    `${where}: expected a ${type.name}, got ${caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught)}`,
  );
  assert.ok(caught instanceof ShieldError, `${where}: every error is a ShieldError`);
  return caught;
}

/** The URL of a port nothing listens on (a server was bound there, then closed). */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** The requests `emu` recorded for `route`. */
export function requestsTo(emu: Emulator, route: string): number {
  return emu.requests.filter((r) => r.route === route).length;
}
