/**
 * The provider's configuration (`bunnynet-shield:apiKey`, a secret, `apiUrl`,
 * `allowInsecureHttp`): checked as `src/config.ts` resolves it, with the same environment
 * fallbacks (`BUNNYNET_API_KEY`, `BUNNYNET_API_URL`, `BUNNYNET_ALLOW_INSECURE_HTTP`), which the
 * kit applies at each call. The key is held where JSON and a default inspection do not show it.
 * Messages shared with the dynamic provider name its stack config keys (`bunnynet:apiKey`);
 * {@link pluginMessage} names the plugin's instead.
 */
import { InvalidArgumentError, MissingCredentialsError } from "../client/errors";
import { resolveSettings, SETTINGS_SOURCES, type ShieldSettings } from "../config";
import { PACKAGE } from "./kinds";
import type { Bag } from "./wire";

/** The configuration keys of the package. */
export const SETTING_NAMES = Object.keys(SETTINGS_SOURCES) as Array<keyof ShieldSettings>;

/** Each dynamic provider's stack config key (`bunnynet:apiKey`) and the plugin's (`bunnynet-shield:apiKey`). */
const CONFIG_KEYS = SETTING_NAMES.map(
  (name) => [SETTINGS_SOURCES[name].config, `${PACKAGE}:${name}`] as const,
);

/**
 * `message` naming the plugin's stack config keys where it names the dynamic provider's: the
 * kit's and `src/config.ts`'s messages (no key set, an `http://` address) tell users to set
 * `bunnynet:apiKey`, which configures the dynamic resources, not the plugin.
 */
export function pluginMessage(message: string): string {
  return CONFIG_KEYS.reduce((text, [dynamic, plugin]) => text.split(dynamic).join(plugin), message);
}

/** Keys the engine itself may add to a provider's inputs. */
const ENGINE_KEYS = new Set(["version", "pluginDownloadURL"]);

/** A refused configuration value: the key it is about and why. */
export interface ConfigFailure {
  readonly property: string;
  readonly reason: string;
}

/**
 * The settings in a provider's configuration (plain values: secrets unwrapped). Values come as
 * text from stack config or typed from a program; `allowInsecureHttp` may be either.
 */
export function settingsOf(config: Bag): ShieldSettings {
  const settings: ShieldSettings = {};
  const text = (key: string) => (typeof config[key] === "string" ? config[key] : undefined);
  Object.defineProperty(settings, "apiKey", {
    value: text("apiKey"),
    enumerable: false,
    writable: true,
  });
  const apiUrl = text("apiUrl");
  if (apiUrl !== undefined) settings.apiUrl = apiUrl;
  const flag = config.allowInsecureHttp;
  if (typeof flag === "boolean" || typeof flag === "string") settings.allowInsecureHttp = flag;
  return settings;
}

/**
 * What is wrong with a configuration, each failure naming its key: an unknown key, a value of
 * the wrong type, an address or a flag that `resolveSettings` refuses (from the configuration or
 * the environment). A missing key is not a failure here: a preview needs none, and the first
 * call that does says how to set it.
 */
export function configFailures(config: Bag, env: NodeJS.ProcessEnv = process.env): ConfigFailure[] {
  const failures: ConfigFailure[] = [];
  for (const [key, value] of Object.entries(config)) {
    if (ENGINE_KEYS.has(key) || key.startsWith("__")) continue;
    if (!(SETTING_NAMES as string[]).includes(key)) {
      failures.push({
        property: key,
        reason: `${PACKAGE}:${key} is not a setting of ${PACKAGE}; the settings are ${SETTING_NAMES.join(", ")}.`,
      });
    } else if (
      key !== "allowInsecureHttp"
        ? typeof value !== "string"
        : !["string", "boolean"].includes(typeof value)
    ) {
      // The value is not shown: a misplaced one may be the key.
      failures.push({
        property: key,
        reason: `${PACKAGE}:${key} must be ${key === "allowInsecureHttp" ? "true or false" : "text"}; got a ${typeof value}.`,
      });
    }
  }
  if (failures.length > 0) return failures;
  const settings = settingsOf(config);
  try {
    // The key is not checked here (see above): a stand-in lets the address and flag be.
    resolveSettings({ ...settings, apiKey: settings.apiKey ?? "unchecked" }, undefined, env);
  } catch (error) {
    if (error instanceof MissingCredentialsError) return failures;
    // The argument names the source: the setting, its stack config key or its variable.
    const property =
      (error instanceof InvalidArgumentError &&
        SETTING_NAMES.find((name) =>
          [name, ...Object.values(SETTINGS_SOURCES[name])].includes(error.argument as never),
        )) ||
      "apiUrl";
    const reason = error instanceof Error ? error.message : String(error);
    failures.push({ property, reason: pluginMessage(reason) });
  }
  return failures;
}
