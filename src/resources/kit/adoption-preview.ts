/**
 * What a first adoption will change, shown in its preview. A preview shows a new resource as
 * its checked inputs under `+ create`, so `check` (which runs in previews, and only there with
 * the program's preview flag) reads the live object and returns, beside the declared inputs,
 * {@link ADOPTION_CHANGES}: one line per declared setting whose live value differs,
 * `"<live> => <declared>"`, or, when none does, a line saying that the adoption changes nothing
 * (`"none: …"`), so that an adoption never reads as a creation or a change. Adopted settings
 * show it for every new resource; owned objects (a custom list, a rule, a page) when they
 * declare `adoptExisting`. It is on standard output, in the pull request's comment, where
 * program diagnostics are not. `diff` ignores it, and `pulumi up` never records it: its `check`
 * gets no preview flag.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { ShieldClient } from "../../client/shield-client";
import {
  canonicalJson,
  containsUnknown,
  covers,
  isPlainObject,
  own,
  PREVIEW_KEY,
  project,
} from "./values";

type Values = Record<string, unknown>;

/** The checked input that carries a first adoption's changes, in previews only. */
export const ADOPTION_CHANGES = "adoptionChanges";

/** The line of an adoption whose live object already has every declared value. */
export const NOTHING_TO_CHANGE = (id: string): string =>
  `none: the live object (${id}) already has the declared values`;

/** What the preview needs of a kind that adopts. */
export interface AdoptionView<Live> {
  /** The inputs that find the object (read with these). */
  readonly keyFields: readonly string[];
  /** The inputs a write sets; each declared one is compared with its live value. */
  readonly managedFields: readonly string[];
  /**
   * Inputs compared too, which no write can change (an access list's type): a difference is
   * shown with what `pulumi up` does about it.
   */
  readonly fixedFields?: readonly string[];
  readonly sets?: readonly string[];
  /** Reads the live object; undefined when the service says it does not exist. */
  read(client: ShieldClient, keys: Values): Promise<Live | undefined>;
  /** The live values of the managed (and fixed) fields, in the inputs' vocabulary. */
  settings(live: Live, declared: Values): Values;
  /** The resource id the adoption takes, named in the line that says nothing changes. */
  id(keys: Values, live: Live): string;
  /** What to say when there is no object to adopt (default: there is none yet). */
  absent?(keys: Values): string;
  /**
   * Write-only documents by input: how the live object differs from what the declared text
   * yields, undefined when it already yields it (then `pulumi up` uploads nothing).
   */
  readonly documents?: Readonly<Record<string, (live: Live, text: string) => string | undefined>>;
}

/** True when `inputs` adopt an object that `olds` (the inputs in state) did not hold. */
export function adoptsAnew(keyFields: readonly string[], olds: Values, inputs: Values): boolean {
  return keyFields.some((key) => canonicalJson(olds[key]) !== canonicalJson(inputs[key]));
}

/**
 * What `check` returns: `checked`, with {@link ADOPTION_CHANGES} among its inputs when this is a
 * preview (the program's flag in `news`) of a first adoption (`adopts`) that passed the check.
 */
export async function withAdoptionChanges<Live>(
  checked: dynamic.CheckResult,
  news: Values,
  adopts: (inputs: Values) => boolean,
  view: AdoptionView<Live>,
  client: () => ShieldClient,
): Promise<dynamic.CheckResult> {
  const inputs = checked.inputs as Values;
  if (news[PREVIEW_KEY] !== true || checked.failures || !adopts(inputs)) return checked;
  const changes = await adoptionChanges(view, client, inputs);
  return { inputs: { ...inputs, [ADOPTION_CHANGES]: changes } };
}

/**
 * The changes a first adoption of `inputs` makes: an object of `"<live> => <declared>"` by
 * setting (a path such as `browserFingerprint.sensitivity` inside an object), a `"none: …"`
 * sentence when live and declared agree, or a sentence saying why the live values could not be
 * read or that there is nothing to adopt. Never throws: a failed read must not fail a preview
 * that could otherwise run.
 */
export async function adoptionChanges<Live>(
  view: AdoptionView<Live>,
  client: () => ShieldClient,
  inputs: Values,
): Promise<Values | string> {
  const keys = Object.fromEntries(view.keyFields.map((key) => [key, inputs[key]]));
  const unknownKeys = view.keyFields.filter((key) => containsUnknown(keys[key]));
  if (unknownKeys.length > 0) {
    const names = unknownKeys.join(" and ");
    const verb = unknownKeys.length > 1 ? "are" : "is";
    return `live values not read: ${names} ${verb} known only when the update runs`;
  }
  try {
    const live = await view.read(client(), keys);
    if (live === undefined) {
      return view.absent?.(keys) ?? "nothing to adopt: the service has no such object yet";
    }
    const compared = [...view.managedFields, ...(view.fixedFields ?? [])];
    const declared = Object.fromEntries(
      compared
        .filter((f) => inputs[f] !== undefined && !containsUnknown(inputs[f]))
        .map((f) => [f, inputs[f]]),
    );
    const current = view.settings(live, declared);
    const changes: Values = {};
    for (const [field, wanted] of Object.entries(declared)) {
      const asSet = view.sets?.includes(field) ?? false;
      const fixed = view.fixedFields?.includes(field) ?? false;
      differences(project(current[field], wanted), wanted, field, asSet, changes, fixed);
    }
    for (const [field, differs] of Object.entries(view.documents ?? {})) {
      const text = inputs[field];
      if (typeof text !== "string" || containsUnknown(text)) continue;
      const difference = differs(live, text);
      if (difference !== undefined) changes[field] = `uploaded: ${difference}`;
    }
    return Object.keys(changes).length > 0 ? changes : NOTHING_TO_CHANGE(view.id(keys, live));
  } catch (error) {
    // Client errors name the request and the status, never the key.
    const reason = error instanceof Error ? error.message : String(error);
    return `live values could not be read (${reason}); pulumi up reads them before writing`;
  }
}

/** What `pulumi up` does about a difference in a field no write can change. */
const REFUSED = "pulumi up refuses to adopt it: this cannot be changed in place";

/** Adds to `changes` a line for each leaf of `wanted` that `live` does not already have. */
function differences(
  live: unknown,
  wanted: unknown,
  path: string,
  asSet: boolean,
  changes: Values,
  fixed: boolean,
) {
  if (isPlainObject(wanted) && isPlainObject(live)) {
    for (const [key, member] of Object.entries(wanted)) {
      if (member !== undefined) {
        differences(own(live, key), member, `${path}.${key}`, asSet, changes, fixed);
      }
    }
  } else if (!covers(live, wanted, asSet)) {
    const line = changeLine(live, wanted, asSet);
    changes[path] = fixed ? `${line} (${REFUSED})` : line;
  }
}

/** Longest line of a change before its values are summed up. */
const MAX_LINE = 120;

/**
 * `"<live> => <declared>"`, anything long cut short with its length; a set as its sizes and the
 * members added and removed (`"4 => 5 members; + 192.0.2.10"`), which reads the same for a list
 * of hundreds of entries where one changed.
 */
export function changeLine(live: unknown, wanted: unknown, asSet = false): string {
  if (asSet && Array.isArray(live) && Array.isArray(wanted)) {
    const key = (member: unknown) => canonicalJson(member, true);
    const has = (set: unknown[]) => new Set(set.map(key));
    const [before, after] = [has(live), has(wanted)];
    const added = wanted.filter((m) => !before.has(key(m)));
    const removed = live.filter((m) => !after.has(key(m)));
    const listed = (sign: string, members: unknown[]) =>
      members.length === 0
        ? []
        : [
            `${sign} ${members
              .slice(0, 3)
              .map((m) => shown(m))
              .join(", ")}${members.length > 3 ? ` and ${members.length - 3} more` : ""}`,
          ];
    return [
      `${before.size} => ${after.size} members`,
      ...listed("+", added),
      ...listed("-", removed),
    ].join("; ");
  }
  const line = `${shown(live)} => ${shown(wanted)}`;
  return line.length <= MAX_LINE ? line : `${cut(shown(live))} => ${cut(shown(wanted))}`;
}

const cut = (text: string): string =>
  text.length <= 50 ? text : `${text.slice(0, 40)}… (${text.length} characters)`;

const shown = (value: unknown): string =>
  typeof value === "string"
    ? value
    : value === undefined || value === null
      ? "(not set)"
      : JSON.stringify(value);
