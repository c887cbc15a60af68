/**
 * The checks of values a state file holds, shared by the snapshot and the features' state, and
 * what a request body accepts for each: a feature declares its settings once, as a zod object of
 * these checks, and takes its type (`z.infer`) and its routes' body fields ({@link bodyFieldsOf})
 * from that declaration.
 */
import { z } from "zod";
import { FIELD, isObject, nullable, type FieldSpec, type FieldSpecs } from "./request-body";

/** The body check of each shared value check: what a request may send for a field of it. */
const BODY_SPECS = new Map<z.core.$ZodType, FieldSpec>();

/** `check`, with `body` as what a request body accepts for it. */
function accepting<T extends z.ZodType>(check: T, body: FieldSpec): T {
  BODY_SPECS.set(check, body);
  return check;
}

// A body is checked as the service's .NET model binding reads it (int32 numbers, dates with an
// offset); a state file only as tightly as the emulator needs to serve it.
export const int = accepting(z.int(), FIELD.int32);
/** Enum values stay open: the service adds values, and tests put unknown ones in the state. */
export const enumValue = accepting(z.int().min(0), FIELD.enumValue);
export const nonNegative = z.int().min(0);
export const timestamp = accepting(z.iso.datetime({ offset: true }), FIELD.dateTime);
export const boolean = accepting(z.boolean(), FIELD.boolean);
export const text = accepting(z.string(), FIELD.text);
export const strings = accepting(z.array(z.string()), FIELD.strings);
export const ints = accepting(z.array(int), FIELD.ints);

/** Options of {@link bodyFieldsOf}. */
export interface BodyFieldsOptions<Name extends string> {
  /** Fields a request may set to null, which keeps them as they are (never null in the state). */
  readonly nullKeeps?: readonly Name[];
}

/**
 * The fields a request body may set, derived from a state declaration: each field optional,
 * nested objects field by field, arrays of objects with every member present. Throws, naming the
 * field, for a check that is not built from this module's (it has no body check to derive).
 */
export function bodyFieldsOf<Shape extends z.ZodRawShape>(
  declaration: z.ZodObject<Shape>,
  { nullKeeps = [] }: BodyFieldsOptions<keyof Shape & string> = {},
): FieldSpecs {
  return Object.fromEntries(
    Object.entries(declaration.shape).map(([name, check]) => {
      const spec = bodyFieldOf(check, name);
      return [name, nullKeeps.includes(name) ? nullable(spec) : spec];
    }),
  );
}

/** What a request body accepts for a field declared with `check`; `name` is for the error. */
export function bodyFieldOf(check: z.core.$ZodType, name = "(field)"): FieldSpec {
  const registered = BODY_SPECS.get(check);
  if (registered) return registered;
  if (check instanceof z.ZodNullable) return nullable(bodyFieldOf(check.unwrap(), name));
  if (check instanceof z.ZodObject) return { expected: "an object", fields: bodyFieldsOf(check) };
  if (check instanceof z.ZodArray && check.element instanceof z.ZodObject) {
    const members = Object.keys(check.element.shape);
    return {
      expected: `an array of {${members.join(", ")}}`,
      // Every member is required; any other is dropped (or refused) like a body's.
      check: (v) =>
        Array.isArray(v) && v.every((item) => isObject(item) && members.every((m) => m in item)),
      items: bodyFieldsOf(check.element),
    };
  }
  throw new Error(
    `No request-body check for the state field '${name}': declare it with the checks of snapshot-values.ts (int, enumValue, boolean, text, strings, ints, timestamp), nullable, objects or arrays of objects of them.`,
  );
}
