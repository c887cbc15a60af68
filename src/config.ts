/**
 * How every part of the package finds its settings: explicit options first, then
 * the stack config (`bunnynet:apiKey`, a secret, `bunnynet:apiUrl` and
 * `bunnynet:allowInsecureHttp`), then the environment (`BUNNYNET_API_KEY`,
 * `BUNNYNET_API_URL`, `BUNNYNET_ALLOW_INSECURE_HTTP`).
 */
import { insecureHttpFlag, normalizeBaseUrl } from "./client/base-url";
import { MissingCredentialsError } from "./client/errors";
import { DEFAULT_BASE_URL, ShieldClientOptions } from "./client/shield-client";

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
  /**
   * Accept an `http://` address whose host is not loopback (the key then travels
   * unencrypted): a boolean, or `"true"`/`"false"` as stack config holds it.
   */
  allowInsecureHttp?: boolean | string;
}

/** Config keys and environment variables, in one place. */
export const SETTINGS_SOURCES = {
  apiKey: { config: "bunnynet:apiKey", env: "BUNNYNET_API_KEY" },
  apiUrl: { config: "bunnynet:apiUrl", env: "BUNNYNET_API_URL" },
  allowInsecureHttp: {
    config: "bunnynet:allowInsecureHttp",
    env: "BUNNYNET_ALLOW_INSECURE_HTTP",
  },
} as const;

/**
 * Resolves the key, the address and whether `http://` may reach a host that is not loopback,
 * or throws one {@link MissingCredentialsError} that says how to set the key. `context` (e.g.
 * a function's name) prefixes that message. `allowInsecureHttp` is in the result only when a
 * source set it.
 * @throws {InvalidArgumentError} an address or an `allowInsecureHttp` value that is refused,
 * naming where it came from and never showing its secret parts
 */
export function resolveSettings(
  explicit: ShieldSettings = {},
  config?: ConfigSource,
  env: NodeJS.ProcessEnv = process.env,
  context?: string,
): Pick<ShieldClientOptions, "apiKey" | "baseUrl" | "allowInsecureHttp"> {
  const pick = (name: keyof typeof SETTINGS_SOURCES): { value?: unknown; source: string } => {
    const { config: key, env: variable } = SETTINGS_SOURCES[name];
    const candidates: Array<[unknown, string]> = [
      [explicit[name], name],
      [config?.get(key), key],
      [env[variable], variable],
    ];
    const found = candidates.find(
      ([value]) => typeof value === "boolean" || (typeof value === "string" && value.trim() !== ""),
    );
    if (!found) return { source: name };
    const [value, source] = found;
    return { value: typeof value === "string" ? value.trim() : value, source };
  };
  const apiKey = pick("apiKey").value;
  if (typeof apiKey !== "string") throw new MissingCredentialsError(context);
  const flag = pick("allowInsecureHttp");
  const allowInsecureHttp = insecureHttpFlag(flag.value, flag.source);
  const url = pick("apiUrl");
  return {
    apiKey,
    baseUrl:
      url.value === undefined
        ? DEFAULT_BASE_URL
        : normalizeBaseUrl(url.value, url.source, allowInsecureHttp),
    ...(allowInsecureHttp !== undefined && { allowInsecureHttp }),
  };
}
