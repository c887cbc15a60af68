/**
 * `Invoke`: a data function by its token (`bunnynet-shield:index:getShieldZone`), run as a
 * program runs it, through the function the package exports (its validation, client and
 * errors), with the provider's settings as its options. The functions are loaded on the first
 * call: resources never need them.
 */
import { insecureHttpFlag } from "../client/base-url";
import type { ShieldFunctionOptions } from "../functions";
import type { ShieldSettings } from "../config";
import { PACKAGE } from "./kinds";
import { functionTokens } from "./package-info";
import type { Bag } from "./wire";

type DataFunction = (args: unknown, options?: ShieldFunctionOptions) => Promise<unknown>;

/** The options a data function gets from the provider's settings (set ones only). */
function optionsOf(settings: ShieldSettings): ShieldFunctionOptions {
  const allowInsecureHttp = insecureHttpFlag(
    settings.allowInsecureHttp,
    `${PACKAGE}:allowInsecureHttp`,
  );
  return {
    ...(settings.apiKey !== undefined && { apiKey: settings.apiKey }),
    ...(settings.apiUrl !== undefined && { apiUrl: settings.apiUrl }),
    ...(allowInsecureHttp !== undefined && { allowInsecureHttp }),
  };
}

/**
 * Runs the data function `token` with `args`; throws, naming the token and the functions there
 * are, for one the schema does not list, and the function's own error (which names it) otherwise.
 */
export async function invoke(token: string, args: Bag, settings: ShieldSettings): Promise<unknown> {
  const tokens = functionTokens();
  if (!tokens.includes(token)) {
    throw new Error(
      `${PACKAGE}: unknown function ${JSON.stringify(token)}; the functions are ${tokens.join(", ")}.`,
    );
  }
  const name = token.slice(token.lastIndexOf(":") + 1);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const functions = require("../functions") as Record<string, DataFunction>;
  return functions[name](args, optionsOf(settings));
}
