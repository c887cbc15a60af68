/**
 * Priors: the values of the fields a resource manages as they were before Pulumi's first write,
 * kept in the outputs (`priors`) and put back by `onDelete: "restore"`.
 */
import { isPlainObject, project } from "./values";

type Values = Record<string, unknown>;

/**
 * The live values of what `inputs` declares among `managedFields`: whole fields, or the members
 * of objects given. What a first write captures as priors.
 */
export function priorsDeclared(
  managedFields: readonly string[],
  live: Values,
  inputs: Values,
): Values {
  return Object.fromEntries(
    managedFields
      .filter((f) => inputs[f] !== undefined && live[f] !== undefined)
      .map((f) => [f, project(live[f], inputs[f])]),
  );
}

/**
 * The priors stored in `outputs`; for state written before priors were kept as one object,
 * what `legacy` reads from it.
 */
export function storedPriors(outputs: Values, legacy?: (outputs: Values) => Values): Values {
  const priors = isPlainObject(outputs.priors) ? outputs.priors : legacy?.(outputs);
  return Object.fromEntries(Object.entries(priors ?? {}).filter(([, v]) => v !== undefined));
}
