/**
 * How every part of the package finds its settings: explicit options first, then
 * the stack config (`bunnynet:apiKey`, a secret, and `bunnynet:apiUrl`), then the
 * environment (`BUNNYNET_API_KEY`, `BUNNYNET_API_URL`).
 */
import { MissingCredentialsError } from "./client/errors";
import { DEFAULT_BASE_URL, normalizeBaseUrl, ShieldClientOptions } from "./client/shield-client";

/** Reads a namespaced stack config key, e.g. `bunnynet:apiKey`. */
export interface ConfigSource {
  /** The key's value, or undefined when it is not set. */
  get(key: string): string | undefined;
}

/** Settings a caller may give explicitly. */
export interface ShieldSettings {
  /** The account's main API key. */
  apiKey?: string;
  /** The API's address; default `https://api.bunny.net`. */
  apiUrl?: string;
}

/** Config keys and environment variables, in one place. */
export const SETTINGS_SOURCES = {
  apiKey: { config: "bunnynet:apiKey", env: "BUNNYNET_API_KEY" },
  apiUrl: { config: "bunnynet:apiUrl", env: "BUNNYNET_API_URL" },
} as const;

/**
 * Resolves the key and address, or throws one {@link MissingCredentialsError} that
 * says how to set the key. `context` (e.g. a function's name) prefixes that message.
 */
export function resolveSettings(
  explicit: ShieldSettings = {},
  config?: ConfigSource,
  env: NodeJS.ProcessEnv = process.env,
  context?: string,
): Pick<ShieldClientOptions, "apiKey" | "baseUrl"> {
  const pick = (name: keyof typeof SETTINGS_SOURCES): { value?: string; source: string } => {
    const { config: key, env: variable } = SETTINGS_SOURCES[name];
    const candidates: Array<[string | undefined, string]> = [
      [explicit[name], name],
      [config?.get(key), key],
      [env[variable], variable],
    ];
    const found = candidates.find(([value]) => typeof value === "string" && value.trim() !== "");
    return found ? { value: found[0]!.trim(), source: found[1] } : { source: name };
  };
  const apiKey = pick("apiKey").value;
  if (!apiKey) throw new MissingCredentialsError(context);
  const url = pick("apiUrl");
  return {
    apiKey,
    baseUrl: url.value === undefined ? DEFAULT_BASE_URL : normalizeBaseUrl(url.value, url.source),
  };
}
