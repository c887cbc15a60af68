/** What the public resource classes share: one provider object per kind, declared outputs. */
import { ShieldProvider } from "./provider";
import type { Kind } from "./registry";

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
 */
export function withOutputs(args: object, outputs: readonly string[]): Record<string, unknown> {
  return { ...Object.fromEntries(outputs.map((name) => [name, undefined])), ...args };
}
