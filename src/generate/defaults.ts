/**
 * What "the service's default" is for each value, and leaving out the values that are at it.
 *
 * - Settings that exist before Pulumi (adopted kinds): what the service gives a zone that never
 *   changed them. `GET /shield/shield-zone/defaults` says it for some of them; for the rest it
 *   says nothing, and each kind's part (its `existing.ts`) holds what is known otherwise, with its
 *   source. A value with no known default is always declared.
 * - Objects Pulumi creates (owned kinds): what the kind gives an input left out, which its
 *   declaration and schema say (`isEnabled: true`, `description: ""`, a condition's
 *   `negated: false`, …). The object itself is never a default: each one is declared.
 */
import { z } from "zod";
import type { InputSchema } from "../resources/kit/check";
import { inputsOf, type KindDeclaration } from "../resources/kit/declaration";
import { canonicalJson, isPlainObject, own } from "../resources/kit/values";

/**
 * What a value is compared with: a value (objects member by member), {@link EachMember} for a
 * map whose every member has a default, {@link EachElement} for a list whose elements have
 * defaults of their own, or undefined when no default is known (the value is always declared).
 */
export type DefaultSpec = unknown;

/** The default of every member of a map (by its key). */
export class EachMember {
  constructor(readonly member: (key: string) => DefaultSpec) {}
}

/** The defaults inside each element of a list; the elements themselves are always declared. */
export class EachElement {
  constructor(readonly element: DefaultSpec) {}
}

/** Marks what {@link minimize} leaves out. */
export const OMITTED = Symbol("omitted");

/**
 * `value` without what is at its default: a member of an object that equals the default's
 * member is left out (for settings, a member left out is left as the service has it; for an
 * owned object's input, the kind gives it that default), and so is a value equal to its default
 * as a whole. Lists compare as sets with `asSet`. {@link OMITTED} when nothing is left.
 */
export function minimize(value: unknown, spec: DefaultSpec, asSet = false): unknown {
  if (spec === undefined) return value;
  if (spec instanceof EachElement) {
    return Array.isArray(value) ? value.map((e) => kept(minimize(e, spec.element, asSet))) : value;
  }
  if (isPlainObject(value) && (spec instanceof EachMember || isPlainObject(spec))) {
    const members: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) {
      const memberSpec =
        spec instanceof EachMember ? spec.member(key) : own(spec as Record<string, unknown>, key);
      const left = minimize(member, memberSpec, asSet);
      if (left !== OMITTED) members[key] = left;
    }
    return Object.keys(members).length === 0 ? OMITTED : members;
  }
  if (spec instanceof EachMember) return value;
  return canonicalJson(value, asSet) === canonicalJson(spec, asSet) ? OMITTED : value;
}

/** An element keeps its place even when every member of it is at its default. */
const kept = (value: unknown): unknown => (value === OMITTED ? {} : value);

/** The schema inside optional, nullable, default and pipe wrappers. */
export function unwrapSchema(schema: z.ZodType): z.ZodType {
  for (let current = schema; ;) {
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable) {
      current = current.unwrap() as z.ZodType;
    } else if (current instanceof z.ZodDefault) current = current.removeDefault() as z.ZodType;
    else if (current instanceof z.ZodPipe) current = current.in as z.ZodType;
    else return current;
  }
}

/** The defaults a schema writes (zod's `.default`) inside objects and list elements. */
function schemaDefaults(schema: z.ZodType): DefaultSpec {
  if (schema instanceof z.ZodDefault) return schema.parse(undefined);
  const inner = unwrapSchema(schema);
  if (inner instanceof z.ZodArray) {
    const element = schemaDefaults(inner.element as z.ZodType);
    return element === undefined ? undefined : new EachElement(element);
  }
  if (inner instanceof z.ZodObject) {
    const members = Object.entries(inner.shape as Record<string, z.ZodType>)
      .map(([key, member]) => [key, schemaDefaults(member)] as const)
      .filter(([, spec]) => spec !== undefined);
    return members.length === 0 ? undefined : Object.fromEntries(members);
  }
  return undefined;
}

/**
 * What an owned kind gives each input left out: the schema's default, else the one its
 * declaration documents as a literal (`""`, `[]`), else the defaults inside it (a condition's
 * members); none for an input that is simply absent then (`severity`).
 */
export function declaredDefaults(
  declaration: KindDeclaration,
  schema: InputSchema,
): Record<string, DefaultSpec> {
  const defaults: Record<string, DefaultSpec> = {};
  for (const [name, input] of Object.entries(inputsOf(declaration))) {
    const field = schema.fields[name];
    const literal = /^`(.+)`$/.exec(input.docs.default ?? "")?.[1];
    if (field instanceof z.ZodDefault) defaults[name] = field.parse(undefined);
    else if (literal !== undefined) defaults[name] = parseLiteral(literal);
    else if (field) defaults[name] = schemaDefaults(field);
  }
  return defaults;
}

const parseLiteral = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};
