/**
 * The clients the lifecycles use: one per provider's settings, kept while they stay the same,
 * and one more for the reads of a preview's `check`, which keeps its answers.
 */
import type { ShieldClient } from "../../client/shield-client";
import type { ShieldSettings } from "../../config";

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
  const client = new ShieldClient({ ...resolved, keepReads: preview }).withOptions({
    maxRateLimitRetries: PROVIDER_RATE_LIMIT_RETRIES,
  });
  cache.set(settings, { made, client });
  return client;
}
