/**
 * What the public resource classes share: one provider object per kind, declared outputs,
 * identity outputs known in the preview of an update, and the preview flag of `check`.
 */
import * as pulumi from "@pulumi/pulumi";
import { unwrappedInlineProgram } from "../../automation/inline-program";
import { ShieldProvider } from "./provider";
import type { Kind } from "./registry";
import {
  FAILED_INPUT_KEY,
  isPlainObject,
  PREVIEW_KEY,
  prototypeKeyIn,
  prototypeKeyReason,
} from "./values";

const providers = new Map<Kind, ShieldProvider>();

/** The one provider object of a kind: Pulumi caches its serialization per object. */
export function providerFor(kind: Kind): ShieldProvider {
  let provider = providers.get(kind);
  if (!provider) providers.set(kind, (provider = new ShieldProvider(kind)));
  return provider;
}

/**
 * The properties to register: the arguments, plus every output that the arguments may lack
 * (output-only ones and optional inputs) as `undefined`, so that the engine exposes it.
 * In a preview they also carry {@link PREVIEW_KEY}, which tells `check` that it may read the
 * live object to show what a first adoption changes; `check` drops it, so it never reaches
 * state (a `pulumi up` registers no flag, and its `check` reads nothing). A `"__proto__"` key in
 * the arguments is refused here with a RunError, as `check` refuses it. In an Automation API
 * inline program not wrapped in `inlineProgram`, an input whose value fails is registered as
 * that failure (see {@link carryFailures}).
 */
export function withOutputs(args: object, outputs: readonly string[]): Record<string, unknown> {
  // The engine's wire format loses a "__proto__" key before the provider's check could see it.
  for (const [property, value] of Object.entries(args)) {
    const at = property === "__proto__" ? `["${property}"]` : prototypeKeyIn(value, property);
    if (at !== undefined) throw new pulumi.RunError(prototypeKeyReason(at));
  }
  return {
    ...Object.fromEntries(outputs.map((name) => [name, undefined])),
    ...(unwrappedInlineProgram() ? carryFailures(args) : args),
    ...(pulumi.runtime.isDryRun() ? { [PREVIEW_KEY]: true } : {}),
  };
}

/**
 * The arguments with each Output or Promise in them (at any depth) replaced by one that gives,
 * should it fail, `{ [FAILED_INPUT_KEY]: message }` in place of its value, keeping what the
 * Output depends on and whether it is secret or known. Left failing, the input would leave the
 * resource unregistered, and an inline program's language server would tell the engine that
 * the program finished, so that the engine deletes the resource (and a stack output of it
 * would never resolve). Registered so, `check` refuses it and the engine stops, deleting
 * nothing; the resource's outputs then fail too.
 */
function carryFailures(args: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).map(([key, value]) => [key, carried(value)]));
}

function carried(value: unknown): unknown {
  if (pulumi.Output.isInstance(value)) return carriedOutput(value as pulumi.Output<unknown>);
  if (value instanceof Promise) {
    return (value as Promise<unknown>).then(carried, (error: unknown) => failure(error));
  }
  if (Array.isArray(value)) return value.map(carried);
  if (isPlainObject(value)) return carryFailures(value);
  return value;
}

/** The members of `@pulumi/pulumi`'s Output that `pulumi.secret` itself builds one from. */
interface OutputParts {
  resources(): Set<pulumi.Resource>;
  allResources(): Promise<Set<pulumi.Resource>>;
  promise(withUnknowns?: boolean): Promise<unknown>;
  isKnown: Promise<boolean>;
  isSecret: Promise<boolean>;
}

/** `output` whose failure becomes a value: built as `pulumi.secret` builds its Output. */
function carriedOutput(output: pulumi.Output<unknown>): pulumi.Output<unknown> {
  const parts = output as unknown as OutputParts;
  const OutputClass = pulumi.Output as unknown as new (
    resources: Set<pulumi.Resource>,
    promise: Promise<unknown>,
    isKnown: Promise<boolean>,
    isSecret: Promise<boolean>,
    allResources: Promise<Set<pulumi.Resource>>,
  ) => pulumi.Output<unknown>;
  const resources = parts.resources();
  return new OutputClass(
    resources,
    parts.promise(true).then(carried, (error: unknown) => failure(error)),
    parts.isKnown.catch(() => true),
    parts.isSecret.catch(() => false),
    parts.allResources().catch(() => resources),
  );
}

function failure(error: unknown): Record<string, string> {
  const message = error instanceof Error ? error.message : String(error);
  return { [FAILED_INPUT_KEY]: message };
}

/** How an output that identifies the object is read from the resource id. */
export type IdentityOutputs = Readonly<Record<string, (id: string) => number | undefined>>;

/**
 * The number at `index` of a resource id of numbers joined by `/` (`"1001"`, `"1001/100101"`),
 * or undefined when the id does not have that shape.
 */
export const idPart =
  (index: number) =>
  (id: string): number | undefined => {
    const part = /^\d+(?:\/\d+)*$/.test(id) ? id.split("/")[index] : undefined;
    return part === undefined ? undefined : Number(part);
  };

/**
 * Replaces each identity output of `resource` by one read from its id. The dynamic-provider
 * plugin previews an update as the new inputs, so an output that is not an input is unknown in
 * that preview, and every resource that takes it as a replace key would preview as replaced;
 * the id, though, is known (the engine carries it over from state). An id of another shape
 * (hand-made state) falls back to the output the provider returned.
 */
export function deriveIdentity(resource: pulumi.CustomResource, identity: IdentityOutputs): void {
  const outputs = resource as unknown as Record<string, pulumi.Output<unknown>>;
  for (const [name, fromId] of Object.entries(identity)) {
    const returned = outputs[name];
    Object.defineProperty(resource, name, {
      value: resource.id.apply((id) => fromId(id) ?? returned),
      enumerable: true,
    });
  }
}
