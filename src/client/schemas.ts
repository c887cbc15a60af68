/**
 * zod schemas and helpers shared by the operations' answer schemas. Operation-specific ones
 * live with their operation.
 *
 * The rule of every answer schema ("validate what you use, tolerate what you don't"): the
 * published spec lags the service, so
 * - objects are plain `z.object`s: a key the service added is dropped, never an error;
 * - a field the package reads (ids, flags and enums it compares, paging tokens) is checked
 *   strictly, so a change there fails loudly with the field's path;
 * - a field nothing reads is {@link unread} (kept as sent) or {@link lenient} (kept when it
 *   has the documented type, `undefined` otherwise), so its drift is never an error.
 */
import { z } from "zod";

/** A nullable, optional string: how the API sends most text fields. Strict: for text the package reads. */
export const optionalText = z.string().nullable().optional();

/**
 * An enum value sent by the service. Any integer is accepted, so that a value added to the
 * API later does not break reads; the enums in `enums.ts` name the known ones.
 */
export const enumInt = z.number().int();

/** A field nothing in the package reads: kept as the service sent it, never checked (the cheapest). */
export const unread = z.unknown().optional();

/**
 * A field shown but not relied on: `schema`'s value when the service sent one of that type,
 * `undefined` when it sent anything else (an absent key stays absent). Never an error.
 */
export function lenient<T extends z.ZodType>(schema: T) {
  return schema.optional().catch(undefined);
}

/** A display text: a string, or null; anything else reads as undefined. */
export const lenientText = lenient(z.string().nullable());
/** A display count or number: an integer, or null; anything else reads as undefined. */
export const lenientInt = lenient(z.number().int().nullable());
/** A display flag: a boolean, or null; anything else reads as undefined. */
export const lenientBoolean = lenient(z.boolean().nullable());

/** An array the service may send as null or leave out, given as an empty one. */
export function listOrEmpty<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .nullable()
    .optional()
    .transform((items): Array<z.output<T>> => items ?? []);
}

/**
 * `GenericRequestResponse`, the status envelope carried by most Shield answers. Failures in it
 * are read from the raw body by the transport before any schema runs, so here it is only shown:
 * every field is lenient, and an envelope that is not an object at all reads as undefined.
 */
export const statusEnvelopeSchema = lenient(
  z.object({
    statusCode: lenientInt,
    success: lenientBoolean,
    message: lenientText,
    errorKey: lenientText,
  }),
);
/** The status envelope the Shield API attaches to its answers. */
export type StatusEnvelope = NonNullable<z.output<typeof statusEnvelopeSchema>>;

/**
 * An answer `{data: …, error: …}` given as its `data`, parsed with `schema`. A mismatch is
 * still named from the body's root (`data.…`).
 */
export function inData<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema }).transform((body) => (body as { data: z.output<T> }).data);
}
