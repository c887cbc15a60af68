/** Shared by the data-function tests: an emulator per suite and controlled settings. */
import { strict as assert } from "node:assert";
import * as pulumi from "@pulumi/pulumi";
import { ShieldError } from "../../src/client/errors";
import { startEmulator, type Emulator } from "../../src/emulator";
import type { ShieldFunctionOptions } from "../../src/functions";

/** Settings sources the functions read besides their options. */
const ENV_KEYS = ["BUNNYNET_API_KEY", "BUNNYNET_API_URL", "BUNNYNET_ALLOW_INSECURE_HTTP"] as const;
const CONFIG_KEYS = ["bunnynet:apiKey", "bunnynet:apiUrl", "bunnynet:allowInsecureHttp"] as const;

/**
 * Starts an emulator before the suite and closes it after; clears its request log
 * and faults before each test. Also empties the settings sources the functions
 * read (environment and stack config) for the suite and restores them afterwards,
 * so a key set on the machine running the tests cannot leak in.
 */
export function useEmulator(): { emu: Emulator; options: ShieldFunctionOptions } {
  const handle = {} as { emu: Emulator; options: ShieldFunctionOptions };
  let restore: () => void = () => undefined;
  before(async () => {
    restore = isolateSettings();
    handle.emu = await startEmulator();
    // No retries: failures are asserted as they come, and fast.
    handle.options = { apiKey: handle.emu.apiKey, apiUrl: handle.emu.url, maxRetries: 0 };
  });
  beforeEach(() => {
    handle.emu.resetRequests();
    handle.emu.faults.clear();
  });
  after(async () => {
    await handle.emu?.close();
    restore();
  });
  return handle;
}

/**
 * Removes the functions' environment variables and stack config keys, and returns
 * a function that puts back exactly what was there.
 */
export function isolateSettings(): () => void {
  const env = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));
  const config = pulumi.runtime.allConfig();
  for (const key of ENV_KEYS) delete process.env[key];
  const kept = Object.fromEntries(
    Object.entries(config).filter(([key]) => !(CONFIG_KEYS as readonly string[]).includes(key)),
  );
  pulumi.runtime.setAllConfig(kept);
  return () => {
    for (const key of ENV_KEYS) {
      if (env[key] === undefined) delete process.env[key];
      else process.env[key] = env[key];
    }
    pulumi.runtime.setAllConfig(config);
  };
}

/** Runs `body` with these environment variables and stack config keys set, then restores them. */
export async function withSettings<T>(
  settings: { env?: Record<string, string>; config?: Record<string, string> },
  body: () => Promise<T>,
): Promise<T> {
  const env = Object.fromEntries(Object.keys(settings.env ?? {}).map((k) => [k, process.env[k]]));
  const config = pulumi.runtime.allConfig();
  Object.assign(process.env, settings.env ?? {});
  for (const [key, value] of Object.entries(settings.config ?? {})) {
    pulumi.runtime.setConfig(key, value);
  }
  try {
    return await body();
  } finally {
    for (const [key, value] of Object.entries(env)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    pulumi.runtime.setAllConfig(config);
  }
}

/**
 * Asserts that `work` rejects with an error of `type` whose message contains every
 * one of `parts`, and returns the error for more checks.
 */
export async function rejection<E extends Error>(
  work: Promise<unknown>,
  type: abstract new (...args: never[]) => E,
  ...parts: string[]
): Promise<E> {
  let caught: unknown;
  try {
    await work;
  } catch (error) {
    caught = error;
  }
  assert.ok(caught !== undefined, `expected a ${type.name}, but the call succeeded`);
  assert.ok(
    caught instanceof type,
    `expected a ${type.name}, got ${(caught as Error)?.name}: ${(caught as Error)?.message}`,
  );
  assert.ok(caught instanceof ShieldError, "every error is a ShieldError");
  for (const part of parts) {
    assert.ok(
      caught.message.includes(part),
      `message should contain ${JSON.stringify(part)}: ${caught.message}`,
    );
  }
  return caught;
}

/** How many recorded requests went to `route`. */
export function requestsTo(emu: Emulator, route: string): number {
  return emu.requests.filter((r) => r.route === route).length;
}

/** Saves the runtime state `setMocks` changes, and returns what puts it back. */
export function saveRuntimeState(): () => void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { getStore } = require("@pulumi/pulumi/runtime/state") as {
    getStore(): Record<string, unknown> & {
      settings: { options: Record<string, unknown>; monitor?: unknown; featureSupport: object };
    };
  };
  const store = getStore();
  const options = { ...store.settings.options };
  const flags = Object.fromEntries(
    Object.entries(store).filter(([key]) => key.startsWith("supports")),
  );
  return () => {
    const o = options as Record<string, never>;
    // Drops the mock monitor (resetOptions clears the module's monitor too).
    pulumi.runtime.resetOptions(
      o.project,
      o.stack,
      o.parallel,
      o.engineAddr,
      o.monitorAddr,
      o.dryRun,
      o.organization,
    );
    Object.assign(store.settings.options, options);
    store.settings.featureSupport = {};
    Object.assign(store, flags);
  };
}

/** What an Output holds, read through the SDK's internals (as Pulumi's own tests do). */
export interface Settled<T> {
  known: boolean;
  secret: boolean;
  value: T | undefined;
  resources: Set<pulumi.Resource>;
}

/** Waits for an Output and tells what it holds. */
export async function settle<T>(output: pulumi.Output<T>): Promise<Settled<T>> {
  const o = output as unknown as {
    isKnown: Promise<boolean>;
    promise(withUnknowns?: boolean): Promise<T>;
    allResources(): Promise<Set<pulumi.Resource>>;
  };
  return {
    known: await o.isKnown,
    secret: await pulumi.isSecret(output),
    value: await o.promise(),
    resources: await o.allResources(),
  };
}

/**
 * A program under Pulumi's mocks (call it inside a `describe`): the function it returns starts
 * an update, in which every resource's outputs are `outputs`, or a preview, in which they stay
 * unknown. `setMocks` changes the process-wide runtime: it is saved before the describe's tests
 * and put back after them, so that the other test files of the mocha process see it as they left it.
 */
export function useMocks(
  project: string,
  outputs: Record<string, unknown>,
): (asPreview: boolean) => Promise<void> {
  let restoreRuntime: () => void = () => undefined;
  before(() => {
    restoreRuntime = saveRuntimeState();
  });
  after(() => {
    restoreRuntime();
    assert.equal(pulumi.runtime.hasMonitor(), false, "the mock monitor is gone");
    assert.equal(pulumi.runtime.isDryRun(), false);
  });
  return async (asPreview) => {
    await pulumi.runtime.setMocks(
      {
        newResource: (args) => ({ id: `${args.name}-id`, state: asPreview ? {} : outputs }),
        call: (args) => args.inputs,
      },
      project,
      asPreview ? "preview" : "update",
      asPreview,
    );
  };
}

/** A resource whose `zoneId` output the mocks of {@link useMocks} fill in, or leave unknown. */
export class Zone extends pulumi.CustomResource {
  declare readonly zoneId: pulumi.Output<number>;
  constructor(name: string) {
    super("test:shield:Zone", name, { zoneId: undefined });
  }
}
