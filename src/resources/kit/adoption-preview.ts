/**
 * What a first adoption will change, shown in its preview. A preview shows a new resource as
 * its checked inputs under `+ create`, so `check` (which runs in previews, and only there with
 * the program's preview flag) reads the live object and returns, beside the declared inputs,
 * {@link ADOPTION_CHANGES}: one line per declared setting whose live value differs,
 * `"<live> => <declared>"`. It is on standard output, in the pull request's comment, where
 * program diagnostics are not. `diff` ignores it, and `pulumi up` never records it: its `check`
 * gets no preview flag.
 */
import type { ShieldClient } from "../../client/shield-client";
import { canonicalJson, containsUnknown, covers, isPlainObject, own, project } from "./values";

type Values = Record<string, unknown>;

/** The checked input that carries a first adoption's changes, in previews only. */
export const ADOPTION_CHANGES = "adoptionChanges";

/** What the preview needs of an adopted kind. */
export interface AdoptionView<Live> {
  readonly keyFields: readonly string[];
  readonly managedFields: readonly string[];
  readonly sets?: readonly string[];
  /** Reads the live object; undefined when the service says it does not exist. */
  read(client: ShieldClient, keys: Values): Promise<Live | undefined>;
  /** The live values of the managed fields, in the inputs' vocabulary. */
  settings(live: Live, declared: Values): Values;
}

/** True when `inputs` adopt an object that `olds` (the inputs in state) did not hold. */
export function adoptsAnew(keyFields: readonly string[], olds: Values, inputs: Values): boolean {
  return keyFields.some((key) => canonicalJson(olds[key]) !== canonicalJson(inputs[key]));
}

/**
 * The changes a first adoption of `inputs` makes: an object of `"<live> => <declared>"` by
 * setting (a path such as `browserFingerprint.sensitivity` inside an object), undefined when
 * live and declared agree, or a sentence saying why the live values could not be read. Never
 * throws: a failed read must not fail a preview that could otherwise run.
 */
export async function adoptionChanges<Live>(
  view: AdoptionView<Live>,
  client: () => ShieldClient,
  inputs: Values,
): Promise<Values | string | undefined> {
  const keys = Object.fromEntries(view.keyFields.map((key) => [key, inputs[key]]));
  const unknownKeys = view.keyFields.filter((key) => containsUnknown(keys[key]));
  if (unknownKeys.length > 0) {
    const names = unknownKeys.join(" and ");
    const verb = unknownKeys.length > 1 ? "are" : "is";
    return `live values not read: ${names} ${verb} known only when the update runs`;
  }
  try {
    const live = await view.read(client(), keys);
    if (live === undefined) return "nothing to adopt: the service has no such object yet";
    const declared = Object.fromEntries(
      view.managedFields
        .filter((f) => inputs[f] !== undefined && !containsUnknown(inputs[f]))
        .map((f) => [f, inputs[f]]),
    );
    const current = view.settings(live, declared);
    const changes: Values = {};
    for (const [field, wanted] of Object.entries(declared)) {
      const asSet = view.sets?.includes(field) ?? false;
      differences(project(current[field], wanted), wanted, field, asSet, changes);
    }
    return Object.keys(changes).length > 0 ? changes : undefined;
  } catch (error) {
    // Client errors name the request and the status, never the key.
    const reason = error instanceof Error ? error.message : String(error);
    return `live values could not be read (${reason}); pulumi up reads them before writing`;
  }
}

/** Adds to `changes` a line for each leaf of `wanted` that `live` does not already have. */
function differences(
  live: unknown,
  wanted: unknown,
  path: string,
  asSet: boolean,
  changes: Values,
) {
  if (isPlainObject(wanted) && isPlainObject(live)) {
    for (const [key, member] of Object.entries(wanted)) {
      if (member !== undefined) {
        differences(own(live, key), member, `${path}.${key}`, asSet, changes);
      }
    }
  } else if (!covers(live, wanted, asSet)) {
    changes[path] = `${shown(live)} => ${shown(wanted)}`;
  }
}

const shown = (value: unknown): string =>
  typeof value === "string"
    ? value
    : value === undefined || value === null
      ? "(not set)"
      : JSON.stringify(value);
