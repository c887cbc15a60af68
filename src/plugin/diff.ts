/**
 * `Diff` for the plugin: the kit's diff decides (changes, replacements, delete-before-replace)
 * and names the inputs that changed; the detailed diff says where. Each changed input is walked,
 * against the old inputs, down to what differs: an added or removed set member is one entry at
 * its own index.
 */
import type { ShieldSettings } from "../config";
import type { KitDiffResult } from "../resources/kit/diff";
import { replaceKeysOf, setsOf } from "../resources/kit/declaration";
import { dispatch, type Kind } from "../resources/kit/registry";
import { canonicalJson, containsUnknown, isPlainObject } from "../resources/kit/values";
import { declarationOf } from "./kinds";
import type { Bag } from "./wire";

/** What changes at one property path, as the engine's `PropertyDiff.Kind` names it. */
export type DiffKind =
  "ADD" | "ADD_REPLACE" | "DELETE" | "DELETE_REPLACE" | "UPDATE" | "UPDATE_REPLACE";

/** One entry of a detailed diff. */
export interface PropertyDiff {
  readonly kind: DiffKind;
  /** True when the path is read in the old inputs; false, in the old outputs (drift). */
  readonly inputDiff: boolean;
}

/** A kind's diff as the plugin answers it. */
export interface DetailedDiff {
  readonly changes: boolean;
  /** The inputs whose change replaces the resource. */
  readonly replaces: readonly string[];
  readonly deleteBeforeReplace: boolean;
  /** The inputs that changed (top level). */
  readonly changed: readonly string[];
  /** By property path (`entries[2]`, `ipAddress.sensitivity`). */
  readonly detailed: Readonly<Record<string, PropertyDiff>>;
}

/**
 * The diff of a resource of `kind`: `olds` are its stored outputs, `news` the checked inputs and
 * `oldInputs` the stored inputs, when the engine sends them.
 */
export async function detailedDiff(
  kind: Kind,
  settings: ShieldSettings,
  id: string,
  olds: Bag,
  news: Bag,
  oldInputs?: Bag,
): Promise<DetailedDiff> {
  const declaration = declarationOf(kind);
  const sets = setsOf(declaration);
  const replaceKeys = replaceKeysOf(declaration);
  const whole = (await dispatch(kind, "diff", settings, id, olds, news)) as KitDiffResult;
  const { changed } = whole;
  const replaces = whole.replaces ?? [];
  const detailed: Record<string, PropertyDiff> = {};
  for (const input of changed) {
    const replacing = replaces.includes(input);
    const before = oldInputs?.[input];
    const asSet = sets.includes(input);
    // The old inputs say what the program changed; when they agree with the new ones, what
    // differs is the service's value (drift found by a refresh), read in the old outputs.
    const inputDiff =
      oldInputs !== undefined && canonicalJson(before, asSet) !== canonicalJson(news[input], asSet);
    const entries = new Map<string, DiffKind>();
    walk(inputDiff ? before : olds[input], news[input], pathOf("", input), {
      asSet,
      exact: replaceKeys.includes(input),
      // A member removed where another is added (the same index) is that place updated.
      add: (path, kind) => entries.set(path, entries.has(path) ? "UPDATE" : kind),
    });
    if (entries.size === 0) entries.set(input, "UPDATE");
    for (const [path, kind] of entries) {
      detailed[path] = { kind: replacing ? (`${kind}_REPLACE` as DiffKind) : kind, inputDiff };
    }
  }
  return {
    changes: whole.changes === true,
    replaces,
    deleteBeforeReplace: whole.deleteBeforeReplace === true,
    changed,
    detailed,
  };
}

interface Walk {
  /** Arrays compare as sets: a member is added or removed, wherever it stands. */
  readonly asSet: boolean;
  /** An omitted member is a change too (a replace key compares exactly). */
  readonly exact: boolean;
  add(path: string, kind: "ADD" | "DELETE" | "UPDATE"): void;
}

/** Adds an entry for each place where `after` differs from `before`, under `path`. */
function walk(before: unknown, after: unknown, path: string, how: Walk): void {
  if (after === undefined) {
    if (before !== undefined && how.exact) how.add(path, "DELETE");
    return;
  }
  if (containsUnknown(after)) return how.add(path, "UPDATE");
  if (before === undefined || before === null) {
    if (after !== null) how.add(path, "ADD");
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    if (!how.asSet) {
      for (let i = 0; i < Math.max(before.length, after.length); i++) {
        const at = `${path}[${i}]`;
        if (i >= after.length) how.add(at, "DELETE");
        else walk(before[i], after[i], at, { ...how, exact: true });
      }
      return;
    }
    const key = (member: unknown) => canonicalJson(member, true);
    const had = new Set(before.map(key));
    const has = new Set(after.map(key));
    after.forEach((member, i) => had.has(key(member)) || how.add(`${path}[${i}]`, "ADD"));
    before.forEach((member, i) => has.has(key(member)) || how.add(`${path}[${i}]`, "DELETE"));
    return;
  }
  if (isPlainObject(before) && isPlainObject(after)) {
    for (const [member, value] of Object.entries(after)) {
      const old = Object.hasOwn(before, member) ? before[member] : undefined;
      walk(old, value, pathOf(path, member), how);
    }
    if (how.exact) {
      for (const member of Object.keys(before)) {
        if (!Object.hasOwn(after, member)) how.add(pathOf(path, member), "DELETE");
      }
    }
    return;
  }
  if (canonicalJson(before, how.asSet) !== canonicalJson(after, how.asSet)) {
    how.add(path, "UPDATE");
  }
}

/** `path.member`, or `path["member"]` for a member that is not a plain name (the engine's syntax). */
function pathOf(path: string, member: string): string {
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(member)) return path === "" ? member : `${path}.${member}`;
  return `${path}[${JSON.stringify(member)}]`;
}
