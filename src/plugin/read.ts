/**
 * `Read`, for `pulumi refresh` and for `pulumi import`. A refresh sends the stored outputs and
 * inputs; the kit reads the object and the inputs stay as they were. An import sends only the
 * id: the outputs the id names (its parts, `fromId` in the declaration) are what the kit
 * starts from, and the inputs are taken from what it read, so that the program the engine
 * generates from them declares the object as it is and previews as no change. An adopted kind's
 * import keeps its priors, as its adoption by create does.
 */
import type { ShieldSettings } from "../config";
import { identityOf, inputsOf } from "../resources/kit/declaration";
import { dispatch, type Kind } from "../resources/kit/registry";
import { declarationOf } from "./kinds";
import type { Bag } from "./wire";

/** The output where adopted kinds keep the values before Pulumi's first write. */
const PRIORS = "priors";

/** What a read found: no id when the object is gone. */
export interface ReadResult {
  readonly id?: string;
  readonly properties?: Bag;
  readonly inputs?: Bag;
}

/** The outputs an id names, for a read with nothing stored (an import). */
function outputsInId(kind: Kind, id: string): Bag {
  // Loaded for imports only: it loads the Pulumi SDK, which the other calls never need.
  const { idPart } =
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require("../resources/kit/resource") as typeof import("../resources/kit/resource");
  const outputs: Bag = {};
  for (const [name, index] of Object.entries(identityOf(declarationOf(kind)))) {
    const part = idPart(index)(id);
    if (part !== undefined) outputs[name] = part;
  }
  return outputs;
}

/** The inputs that declare an object as `outputs` describe it: each input the outputs hold. */
export function inputsOfOutputs(kind: Kind, outputs: Bag): Bag {
  return Object.fromEntries(
    Object.keys(inputsOf(declarationOf(kind)))
      .filter((name) => outputs[name] !== undefined && outputs[name] !== null)
      .map((name) => [name, outputs[name]]),
  );
}

/** Reads the resource `id` of `kind`; `properties` and `inputs` are what state holds, if any. */
export async function readResource(
  kind: Kind,
  settings: ShieldSettings,
  id: string,
  properties: Bag,
  inputs: Bag | undefined,
): Promise<ReadResult> {
  const importing = Object.keys(properties).length === 0 && Object.keys(inputs ?? {}).length === 0;
  const stored = importing ? outputsInId(kind, id) : properties;
  const read = (await dispatch(kind, "read", settings, id, stored)) as { id?: string; props?: Bag };
  if (!read.id) return {};
  const found = read.props ?? {};
  if (!importing) return { id: read.id, properties: found, inputs };
  const declared = inputsOfOutputs(kind, found);
  return {
    id: read.id,
    properties: await adopted(kind, settings, read.id, found, declared),
    inputs: declared,
  };
}

/**
 * The outputs of an imported object of an adopted kind, with its priors: the kit's adoption of
 * it as the import declares it, which keeps the live values of what it manages as priors and
 * writes nothing, since the live object already has every declared value. A later destroy puts
 * back what the object held when it was imported, as it does for an object adopted by create.
 * Owned kinds have no priors: what the read found is all there is.
 */
async function adopted(
  kind: Kind,
  settings: ShieldSettings,
  id: string,
  found: Bag,
  declared: Bag,
): Promise<Bag> {
  if (!(PRIORS in declarationOf(kind).outputs)) return found;
  const adoption = (await dispatch(kind, "create", settings, declared)) as {
    id: string;
    outs: Bag;
  };
  if (adoption.id !== id) {
    throw new Error(
      `${kind} ${id}: the import found the object under another id (${adoption.id}); import it by that id.`,
    );
  }
  return adoption.outs;
}
