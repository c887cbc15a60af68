/**
 * What the public resource classes share: one provider object per kind, declared outputs,
 * identity outputs known in the preview of an update, and the preview flag of `check`.
 */
import * as pulumi from "@pulumi/pulumi";
import { ShieldProvider } from "./provider";
import type { Kind } from "./registry";
import { PREVIEW_KEY, prototypeKeyIn, prototypeKeyReason } from "./values";

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
 * the arguments is refused here with a RunError, as `check` refuses it.
 */
export function withOutputs(args: object, outputs: readonly string[]): Record<string, unknown> {
  // The engine's wire format loses a "__proto__" key before the provider's check could see it.
  for (const [property, value] of Object.entries(args)) {
    const at = property === "__proto__" ? `["${property}"]` : prototypeKeyIn(value, property);
    if (at !== undefined) throw new pulumi.RunError(prototypeKeyReason(at));
  }
  return {
    ...Object.fromEntries(outputs.map((name) => [name, undefined])),
    ...args,
    ...(pulumi.runtime.isDryRun() ? { [PREVIEW_KEY]: true } : {}),
  };
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
