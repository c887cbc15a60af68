/**
 * Runs this package's policies as the policy SDK does, on props a test gives. A resource's type
 * is the one its class registers, read from an instance (not built with the policies' own
 * `shieldType`), so a policy that looks for another type fails its tests.
 */
import type {
  Policy,
  ResourceValidation,
  ResourceValidationPolicy,
  StackValidationPolicy,
} from "@pulumi/policy";
import type { Kind } from "../../src/resources/kit/registry";
import { registeredTypes } from "../support/mocked-classes";

/** The configuration the SDK gives a policy: its schema's defaults, then `config` over them. */
function configOf(policy: Policy, config: Record<string, unknown>): Record<string, unknown> {
  const defaults = Object.entries(policy.configSchema?.properties ?? {}).map(([k, p]) => [
    k,
    (p as { default?: unknown }).default,
  ]);
  return { ...Object.fromEntries(defaults), ...config };
}

/** The messages `policy` reports for one resource of `kind` named `name` with `props`. */
export async function resourceViolations(
  policy: Policy,
  kind: Kind | string,
  props: Record<string, unknown>,
  config: Record<string, unknown> = {},
  name = "r",
): Promise<string[]> {
  const messages: string[] = [];
  const type = kind.includes(":") ? kind : (await registeredTypes())[kind as Kind];
  const validate = (policy as ResourceValidationPolicy).validateResource as ResourceValidation;
  await validate(
    {
      type,
      props,
      urn: `urn:pulumi:s::p::${type}::${name}`,
      name,
      opts: {} as never,
      stackTags: new Map(),
      getConfig: <T>() => configOf(policy, config) as T,
      isType: () => false,
      asType: () => undefined,
      notApplicable: () => {
        throw new Error("not applicable");
      },
    } as never,
    (message: string) => messages.push(message),
  );
  return messages;
}

// The SDK's proxy is internal (its declarations export nothing): loaded untyped, as the SDK
// itself uses it on every resource's props.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const sdkProxy = require("@pulumi/policy/proxy") as {
  unknownCheckingProxy<T>(props: T): T;
  unknownStringValue: unknown;
};
const { unknownCheckingProxy } = sdkProxy;

/** A value a preview does not know yet, as the policy SDK marks it. */
export const UNKNOWN = sdkProxy.unknownStringValue;

/** One resource of a stack for {@link stackViolations}. */
export interface StackEntry {
  kind: Kind;
  name: string;
  props: Record<string, unknown>;
  /** The `ShieldZone` (by name) its `shieldZoneId` comes from, as a property dependency. */
  zoneFrom?: string;
  /** Its type, when not the one its kind's class registers (e.g. the provider plugin's). */
  type?: string;
}

/**
 * The messages a stack policy reports for `resources`, their props behind the SDK's proxy (which
 * throws on reading a value given as {@link UNKNOWN}), as in a preview.
 */
export async function stackViolations(
  policy: Policy,
  resources: StackEntry[],
  config: Record<string, unknown> = {},
): Promise<string[]> {
  const messages: string[] = [];
  const types = await registeredTypes();
  const built = resources.map(({ kind, name, props, type = types[kind] }) => ({
    type,
    props: unknownCheckingProxy(props),
    urn: `urn:pulumi:s::p::${type}::${name}`,
    name,
    propertyDependencies: {} as Record<string, unknown[]>,
  }));
  resources.forEach(({ zoneFrom }, i) => {
    const zone = built.find((r, j) => resources[j]!.kind === "ShieldZone" && r.name === zoneFrom);
    if (zone) built[i]!.propertyDependencies.shieldZoneId = [zone];
  });
  await (policy as StackValidationPolicy).validateStack(
    {
      resources: built,
      getConfig: <T>() => configOf(policy, config) as T,
      stackTags: new Map(),
      notApplicable: () => {
        throw new Error("not applicable");
      },
    } as never,
    (message: string) => messages.push(message),
  );
  return messages;
}
