/**
 * The outputs a `Create` or an `Update` in a preview returns: what the provider can know before
 * writing. An update keeps every output whose inputs did not change, and the id's parts; an
 * input that changed shows its new value where the output holds it as given; the rest is
 * unknown, as the engine shows a value only the service will tell.
 */
import { computedOutputsOf, identityOf, inputsOf } from "../resources/kit/declaration";
import type { Kind } from "../resources/kit/registry";
import {
  containsUnknown,
  declaresBeyond,
  isPlainObject,
  mergeDeep,
  UNKNOWN_VALUE,
} from "../resources/kit/values";
import { declarationOf } from "./kinds";
import type { Bag } from "./wire";

/** The output that keeps the values before Pulumi's first write (adopted kinds). */
const PRIORS = "priors";

/**
 * An input's value as its output of the same name will hold it, when that can be told without
 * the service: a scalar as given, an object's members merged over the stored ones (an omitted
 * member is left as the service has it), a list of scalars as given; a list of objects (the
 * service fills in their omitted members) and anything unknown stay unknown.
 */
function asOutput(stored: unknown, given: unknown): unknown {
  if (given === undefined || containsUnknown(given)) return UNKNOWN_VALUE;
  if (isPlainObject(given)) return isPlainObject(stored) ? mergeDeep(stored, given) : given;
  if (Array.isArray(given)) {
    return given.some((member) => typeof member === "object" && member !== null)
      ? UNKNOWN_VALUE
      : given;
  }
  return given;
}

/** The outputs of a create's preview: what the inputs give, the rest unknown. */
export function previewCreate(kind: Kind, inputs: Bag): Bag {
  const declaration = declarationOf(kind);
  const declaredInputs = inputsOf(declaration);
  return Object.fromEntries(
    Object.keys(declaration.outputs).map((output) => [
      output,
      output in declaredInputs ? asOutput(undefined, inputs[output]) : UNKNOWN_VALUE,
    ]),
  );
}

/**
 * The outputs of an update's preview. `olds` are the stored outputs, `news` the checked inputs,
 * `oldInputs` the stored inputs (without them, `priors` is unknown) and `changed` the inputs
 * the diff found changed.
 */
export function previewUpdate(
  kind: Kind,
  olds: Bag,
  news: Bag,
  oldInputs: Bag | undefined,
  changed: readonly string[],
): Bag {
  const declaration = declarationOf(kind);
  const declaredInputs = inputsOf(declaration);
  const identity = identityOf(declaration);
  const dependencies = computedOutputsOf(declaration);
  const outputs: Bag = { ...olds };
  for (const output of Object.keys(declaration.outputs)) {
    if (output in identity) continue;
    if (output in declaredInputs) {
      if (changed.includes(output)) outputs[output] = asOutput(olds[output], news[output]);
    } else if (output === PRIORS) {
      // A field or member declared for the first time has its prior captured by the update.
      const declaresMore =
        oldInputs === undefined ||
        Object.keys(declaredInputs).some((input) => declaresBeyond(news[input], oldInputs[input]));
      if (declaresMore) outputs[output] = UNKNOWN_VALUE;
    } else {
      const from = dependencies[output];
      if (from === undefined || from.some((input) => changed.includes(input))) {
        outputs[output] = UNKNOWN_VALUE;
      }
    }
  }
  return outputs;
}
