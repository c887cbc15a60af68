/**
 * What the plugin calls, for one kind: the provider's methods with the settings first.
 * `dispatch` finds a kind's lifecycle; adopted settings and owned objects each build one.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { ShieldClient } from "../../client/shield-client";
import type { ShieldSettings } from "../../config";

/** A kind's implementation of the dynamic-provider methods. */
export interface Lifecycle {
  check(
    settings: ShieldSettings,
    olds: Record<string, unknown>,
    news: Record<string, unknown>,
  ): Promise<dynamic.CheckResult>;
  diff(
    settings: ShieldSettings,
    id: string,
    olds: Record<string, unknown>,
    news: Record<string, unknown>,
  ): Promise<dynamic.DiffResult>;
  create(settings: ShieldSettings, inputs: Record<string, unknown>): Promise<dynamic.CreateResult>;
  read(
    settings: ShieldSettings,
    id: string,
    props: Record<string, unknown>,
  ): Promise<dynamic.ReadResult>;
  update(
    settings: ShieldSettings,
    id: string,
    olds: Record<string, unknown>,
    news: Record<string, unknown>,
  ): Promise<dynamic.UpdateResult>;
  delete(settings: ShieldSettings, id: string, props: Record<string, unknown>): Promise<void>;
}

/** The names of the provider methods, as `dispatch` takes them. */
export type LifecycleMethod = keyof Lifecycle;

/**
 * 429 retries of a provider's requests: more than a client's default (3), since one stack
 * makes thousands of requests, and one that runs out of retries fails its resource until the
 * next run (at 10% of 429s, one request in 10^4 does after 3 retries). Each waits what the
 * service asks, and each call's deadline still bounds the waits.
 */
const PROVIDER_RATE_LIMIT_RETRIES = 8;

/**
 * The last client made for each provider's settings, with what it was made from: a client
 * per call would redo its set-up (headers, the digest that shared reads go by) for every
 * resource. Weak: the settings object lives as long as its provider.
 */
const clients = new WeakMap<ShieldSettings, { made: string; client: ShieldClient }>();
/** The same for the reads of a preview's `check`, whose answers are kept (`keepReads`). */
const previewClients = new WeakMap<ShieldSettings, { made: string; client: ShieldClient }>();

let clientModules:
  | {
      ShieldClient: typeof ShieldClient;
      resolveSettings: typeof import("../../config").resolveSettings;
    }
  | undefined;

/**
 * A client with the provider's settings (stack config first, then the environment). With
 * `preview`, one that keeps the answers it reads: a preview writes nothing, and resources of
 * one zone then read it once.
 */
export function clientFor(settings: ShieldSettings, kind: string, preview = false): ShieldClient {
  // Required on first use: `check` and `diff` (all that a preview asks) need no client, so a
  // plugin serves them without loading it. Kept: requiring again costs microseconds a call.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { ShieldClient, resolveSettings } = (clientModules ??= {
    ShieldClient: (
      require("../../client/shield-client") as typeof import("../../client/shield-client")
    ).ShieldClient,
    resolveSettings: (require("../../config") as typeof import("../../config")).resolveSettings,
  });
  /* eslint-enable @typescript-eslint/no-require-imports */
  // Resolved at every call: the environment may have changed since.
  const resolved = resolveSettings(settings, undefined, process.env, kind);
  const made = `${resolved.baseUrl} ${resolved.apiKey}`;
  const cache = preview ? previewClients : clients;
  const cached = cache.get(settings);
  if (cached?.made === made) return cached.client;
  const client = new ShieldClient({
    ...resolved,
    maxRateLimitRetries: PROVIDER_RATE_LIMIT_RETRIES,
    keepReads: preview,
  });
  cache.set(settings, { made, client });
  return client;
}
