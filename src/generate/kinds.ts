/**
 * Every kind's part of `generate`, found by folder as the registry's kinds are: a kind `FooBar`
 * exports it as `existing` from `src/resources/foo-bar/existing.ts` (see `existing.ts`), and
 * joins the generator with no line here.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
import { inputsOf } from "../resources/kit/declaration";
import { folderOf, KINDS, type Kind } from "../resources/kit/registry";
import type { ExistingKind } from "./existing";

/** A kind's part, from its folder; a kind without one fails, saying what to add. */
export function partOf(kind: Kind): ExistingKind {
  const file = `src/resources/${folderOf(kind)}/existing.ts`;
  let part: ExistingKind | undefined;
  try {
    part = (require(`../resources/${folderOf(kind)}/existing`) as { existing?: ExistingKind })
      .existing;
  } catch (error) {
    if ((error as { code?: string }).code !== "MODULE_NOT_FOUND") throw error;
    if (!String((error as Error).message).includes(`${folderOf(kind)}/existing`)) throw error;
  }
  if (part?.declaration.kind !== kind) {
    throw new Error(
      `${file} does not export the part of \`generate\` for ${kind} (\`export const existing = existingKind({ declaration, inputs, read, describe })\`, see src/generate/existing.ts): every kind says how a zone's existing objects of it are read and declared.`,
    );
  }
  return part;
}

/** Every kind's part, by kind. */
export const KIND_INPUTS: Readonly<Record<Kind, ExistingKind>> = Object.fromEntries(
  KINDS.map((kind) => [kind, partOf(kind)]),
) as Record<Kind, ExistingKind>;

/**
 * Objects Pulumi creates (lists, rules, pages) take over an existing one of the same name with
 * `adoptExisting`; settings that exist before Pulumi are adopted by being declared.
 */
export const isOwned = (kind: Kind): boolean =>
  "adoptExisting" in inputsOf(KIND_INPUTS[kind].declaration);

/** Where a kind's statements go: the zone, then the settings it has, then what Pulumi owns. */
const rank = (kind: Kind) => (KIND_INPUTS[kind].zone ? 0 : isOwned(kind) ? 2 : 1);

/** The kinds in the order a zone's statements declare them (in registration order within each rank). */
export const KIND_ORDER: readonly Kind[] = [...KINDS].sort((a, b) => rank(a) - rank(b));

/** Every kind's part, in {@link KIND_ORDER}. */
export const PARTS: readonly ExistingKind[] = KIND_ORDER.map((kind) => KIND_INPUTS[kind]);
