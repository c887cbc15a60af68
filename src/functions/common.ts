/**
 * What the data functions share: their options, how they find their settings and
 * build a client, how their errors name the function and the zone, and how the
 * `…Output` variants lift `pulumi.Input`s.
 */
import * as pulumi from "@pulumi/pulumi";
import { onlyKnownFields, shieldZoneId } from "../client/arguments";
import { withContext } from "../client/error-context";
import { InvalidArgumentError } from "../client/errors";
import { ShieldClient } from "../client/shield-client";
import { ConfigSource, resolveSettings } from "../config";

/**
 * Explicit settings for a data function. Each one is optional: inside a Pulumi
 * program the stack config (`bunnynet:apiKey`, `bunnynet:apiUrl`,
 * `bunnynet:allowInsecureHttp`) is read, and then the environment
 * (`BUNNYNET_API_KEY`, `BUNNYNET_API_URL`, `BUNNYNET_ALLOW_INSECURE_HTTP`).
 */
export interface ShieldFunctionOptions {
  /** The account's main API key. Prefer the stack config (`pulumi config set --secret bunnynet:apiKey …`). */
  apiKey?: string;
  /** The API's address; default `https://api.bunny.net`. `http://` only to a loopback host, unless `allowInsecureHttp`. */
  apiUrl?: string;
  /** Accept an `http://` address whose host is not loopback (the key then travels unencrypted); default false. */
  allowInsecureHttp?: boolean;
  /** Time allowed for one HTTP attempt, in ms; default 30,000. */
  timeoutMs?: number;
  /** Retries of a failed request that is safe to retry (429, 502–504, maintenance pages, resets, timeouts); default 3. */
  maxRetries?: number;
}

const OPTION_FIELDS = ["apiKey", "apiUrl", "allowInsecureHttp", "timeoutMs", "maxRetries"] as const;

/**
 * The `…Output` variant's arguments: each field of `T` may be a `pulumi.Input`
 * (a plain value, a Promise or an Output).
 */
export type FunctionInputs<T> = { [K in keyof T]: pulumi.Input<T[K]> };

/**
 * The stack configuration of the running Pulumi program. Outside a program
 * `pulumi.runtime.getConfig` finds nothing and returns undefined (it does not throw).
 */
export const stackConfig: ConfigSource = {
  get: (key) => pulumi.runtime.getConfig(key),
};

/** One data function: its name, its argument check and its work. */
export interface FunctionSpec<A, R> {
  /** The exported name, e.g. `getBotDetection`; it prefixes every error message. */
  name: string;
  /** Checks the caller's arguments and returns them normalized; throws {@link InvalidArgumentError}. */
  validate(args: unknown): A;
  /** The shield zone the call is about, named in error messages. */
  zoneOf?(args: A): number;
  /** Does the work with a ready client. */
  run(client: ShieldClient, args: A): Promise<R>;
}

/**
 * Runs a data function: validates the arguments and options, resolves the
 * settings, builds a client and runs the work. Nothing is sent when the
 * arguments or the settings are wrong. Every {@link ShieldError} that escapes
 * keeps its class and gets a message prefixed with the function (and zone),
 * e.g. `getBotDetection for shield zone 999: …`.
 */
export async function invokeFunction<A, R>(
  spec: FunctionSpec<A, R>,
  args: unknown,
  options: ShieldFunctionOptions | undefined,
): Promise<R> {
  let context = spec.name;
  try {
    const valid = spec.validate(args);
    if (spec.zoneOf) context = `${spec.name} for shield zone ${spec.zoneOf(valid)}`;
    const client = createClient(context, options);
    return await spec.run(client, valid);
  } catch (error) {
    throw withContext(error, context);
  }
}

/**
 * Builds a client from explicit options, the stack config and the environment,
 * in that order. Throws the one `MissingCredentialsError` when no key is found.
 */
function createClient(context: string, options: ShieldFunctionOptions = {}): ShieldClient {
  const given = plainObject(options, "options", "expected an object of settings");
  for (const key of Object.keys(given)) {
    if (!(OPTION_FIELDS as readonly string[]).includes(key)) {
      // Not onlyKnownFields: a misspelled `apikey` holds the key, so its value is not shown.
      throw new InvalidArgumentError(
        `options.${key}`,
        `(a ${typeof given[key]}, not shown)`,
        `unknown setting; the settings are ${OPTION_FIELDS.join(", ")}`,
      );
    }
  }
  for (const field of ["apiKey", "apiUrl"] as const) {
    const value = given[field];
    if (value !== undefined && typeof value !== "string") {
      // The value itself is never shown: it may be the key.
      throw new InvalidArgumentError(
        `options.${field}`,
        typeShown(value),
        "expected a plain string; for an Output, call the function inside its apply, " +
          "or set the stack config instead",
      );
    }
  }
  if (given.allowInsecureHttp !== undefined && typeof given.allowInsecureHttp !== "boolean") {
    throw new InvalidArgumentError(
      "options.allowInsecureHttp",
      typeShown(given.allowInsecureHttp),
      "expected true or false",
    );
  }
  const settings = resolveSettings(
    {
      apiKey: given.apiKey as string | undefined,
      apiUrl: given.apiUrl as string | undefined,
      allowInsecureHttp: given.allowInsecureHttp,
    },
    stackConfig,
    process.env,
    context,
  );
  return new ShieldClient({
    ...settings,
    timeoutMs: given.timeoutMs as number | undefined,
    maxRetries: given.maxRetries as number | undefined,
  });
}

/** What a refused setting is, without showing it: it may be the key, put in the wrong place. */
function typeShown(value: unknown): string {
  return pulumi.Output.isInstance(value) ? "(an Output)" : `(a ${typeof value})`;
}

/**
 * Checks that `value` is a plain object of the `allowed` fields and returns it
 * as a record; refuses anything else with an {@link InvalidArgumentError}.
 */
export function argumentsRecord(
  value: unknown,
  allowed: readonly string[],
  expectation: string,
): Record<string, unknown> {
  const record = plainObject(value, "args", expectation);
  onlyKnownFields(record, allowed, "args");
  return record;
}

/** The parts of a {@link FunctionSpec} whose one argument is the zone: `{ shieldZoneId }`. */
export const zoneFunction = {
  validate(args: unknown): { shieldZoneId: number } {
    const record = argumentsRecord(args, ["shieldZoneId"], "expected { shieldZoneId }");
    return { shieldZoneId: shieldZoneId(record.shieldZoneId) };
  },
  zoneOf: (args: { shieldZoneId: number }): number => args.shieldZoneId,
};

function plainObject(
  value: unknown,
  argument: string,
  expectation: string,
): Record<string, unknown> {
  if (
    typeof value !== "object" ||
    value === null ||
    Array.isArray(value) ||
    pulumi.Output.isInstance(value)
  ) {
    throw new InvalidArgumentError(argument, value, expectation);
  }
  return value as Record<string, unknown>;
}

type Thunk = () => unknown;

/**
 * The `…Output` variant of a data function: waits for every input, then calls
 * `fn` once with the plain values.
 *
 * - An unknown input (during preview) makes the result unknown, and `fn` is not called.
 * - A secret input makes the result secret.
 * - The result depends on the resources its inputs came from.
 *
 * This is `pulumi.all(…).apply(…)`, except that each field's value travels in a
 * closure: `pulumi.output`/`pulumi.all` copy every object they meet key by key,
 * which turns a `Date` into `{}`. Only the top level of `args` is lifted, which is
 * all the functions' flat arguments need.
 */
export function outputOf<A, R>(
  fn: (args: A, options?: ShieldFunctionOptions) => Promise<R>,
  args: FunctionInputs<A>,
  options?: ShieldFunctionOptions,
): pulumi.Output<R> {
  if (
    typeof args !== "object" ||
    args === null ||
    Array.isArray(args) ||
    args instanceof Promise ||
    pulumi.Output.isInstance(args)
  ) {
    // Not something to lift: let the function refuse it, as an Output that fails.
    return pulumi.output(null).apply(() => fn(args as unknown as A, options));
  }
  const keys = Object.keys(args);
  const values = keys.map((key) => opaque((args as Record<string, unknown>)[key]));
  const all = pulumi.all(values) as unknown as pulumi.Output<Thunk[]>;
  return all.apply((thunks) =>
    fn(Object.fromEntries(keys.map((key, i) => [key, thunks[i]()])) as A, options),
  );
}

/** An Output of a closure returning the input's value; see {@link outputOf}. */
function opaque(value: unknown): pulumi.Output<Thunk> {
  if (pulumi.Output.isInstance(value)) {
    return (value as pulumi.Output<unknown>).apply((inner) => () => inner);
  }
  if (value instanceof Promise) {
    // The promise may itself give an Output; pulumi.output merges what that one knows.
    return pulumi.output(value.then(opaque)) as unknown as pulumi.Output<Thunk>;
  }
  return pulumi.output((() => value) as Thunk) as unknown as pulumi.Output<Thunk>;
}
