/** `diff` for every kind: declared replace and update keys compared on canonical JSON. */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { canonicalJson, containsUnknown, covers } from "./values";

/** How a kind's inputs compare. */
export interface DiffKeys {
  /** A change here is another object: replace it (deleting first: both ends are real objects). */
  readonly replaceKeys: readonly string[];
  /**
   * A change here is an update. An omitted input, or an omitted member of an object input,
   * is "left as the service has it": no change.
   */
  readonly updateKeys: readonly string[];
  /** Keys whose arrays compare as sets (order and repeats carry no meaning). */
  readonly setKeys?: readonly string[];
  /** Values an omitted input stands for (e.g. `onDelete: "restore"`); these always compare. */
  readonly defaults?: Readonly<Record<string, unknown>>;
}

/** The engine's answer, and which inputs differ (the plugin's detailed diff starts there). */
export interface KitDiffResult extends dynamic.DiffResult {
  /** The replace and update keys that differ: the top level of what the change is. */
  readonly changed: readonly string[];
}

/** Compares stored outputs with new inputs. An unknown new value counts as a change. */
export function diffInputs(
  keys: DiffKeys,
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): KitDiffResult {
  const differs = (key: string, exact: boolean): boolean => {
    const fallback = keys.defaults?.[key];
    const next = news[key] ?? fallback;
    if (next === undefined) return false;
    if (containsUnknown(next)) return true;
    const current = olds[key] ?? fallback;
    const asSet = keys.setKeys?.includes(key) ?? false;
    return exact
      ? canonicalJson(next, asSet) !== canonicalJson(current, asSet)
      : !covers(current, next, asSet);
  };
  const replaces = keys.replaceKeys.filter((key) => differs(key, true));
  const updates = keys.updateKeys.filter((key) => differs(key, false));
  return {
    changes: replaces.length > 0 || updates.length > 0,
    replaces,
    deleteBeforeReplace: replaces.length > 0,
    changed: [...replaces, ...updates],
  };
}
