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

/**
 * A map whose keys are data (metric names, days, times) and whose values are shown, not
 * relied on: an entry whose value does not parse with `value` (or parses to undefined) is
 * dropped, so a new key of the right type passes and one of another type is left out; a map
 * that is not an object at all reads as undefined. Never an error.
 */
export function lenientRecord<T extends z.ZodType>(value: T) {
  const map = z.record(z.string(), z.unknown()).overwrite((entries) => {
    // zod's record output is its own copy: changing it leaves the answer alone.
    for (const [key, item] of Object.entries(entries)) {
      const parsed = value.safeParse(item);
      if (parsed.success && parsed.data !== undefined) entries[key] = parsed.data;
      else delete entries[key];
    }
    return entries;
  });
  // `overwrite` cannot narrow the type: only parsed values come out of it.
  return lenient(map.nullable()) as unknown as z.ZodType<
    Record<string, NonNullable<z.output<T>>> | null | undefined
  >;
}

/**
 * An enum listing as access lists and API Guardian send it: enum name → value → name. Shown,
 * not relied on (the package's enums are in `enums.ts`).
 */
export const enumMapSchema = lenientRecord(lenientRecord(z.string()));
/** Enum name → value (as text) → name, as the service lists its enums. */
export type EnumMap = Record<string, Record<string, string>>;

/**
 * An array the service may send as null or leave out, given as an empty one.
 *
 * No `transform` here or in any answer schema: a transform is a pipe, and a pipe inside an
 * object turns off zod's compiled fast path for the whole answer (measured: 2.3 µs instead
 * of 0.2 µs for the bot detection answer). A check (`overwrite`) and a `default` keep it.
 */
export function listOrEmpty<T extends z.ZodType>(item: T): z.ZodDefault<z.ZodArray<T>> {
  const list = z
    .array(item)
    .nullable()
    .overwrite((items) => items ?? [])
    .default(() => []);
  // `overwrite` cannot narrow the type: null never comes out of it.
  return list as unknown as z.ZodDefault<z.ZodArray<T>>;
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

/** The schema of an answer `{data: …, error: …}` whose `data` is parsed with `T`. */
export type DataAnswer<T extends z.ZodType> = z.ZodObject<{ data: T }>;

const dataAnswers = new WeakMap<z.ZodType, z.ZodType>();

/**
 * The schema of an answer `{data: …, error: …}`, for `requestData`, which returns its
 * `data` (the envelope's failures are read by the transport before any schema runs).
 * A mismatch is named from the body's root (`data.…`). Not a transform: see {@link listOrEmpty}.
 */
export function inData<T extends z.ZodType>(schema: T): DataAnswer<T> {
  // One answer schema per data schema: shared reads go by the schema object (request.ts), so
  // a schema made anew per call would never share.
  let answer = dataAnswers.get(schema) as DataAnswer<T> | undefined;
  if (answer === undefined) dataAnswers.set(schema, (answer = z.object({ data: schema })));
  return answer;
}
