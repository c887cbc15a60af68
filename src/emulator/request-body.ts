/**
 * Checking JSON request bodies before a handler looks anything up, as the service's model
 * binding does: a body that is not a JSON object, an unknown property or a value of the wrong
 * JSON type is refused with 400 and an errorKey naming the field (`validation.<path>`).
 */
import { dataError, type ApiResponse } from "./responses";

/** Why a body was refused; `errorKey` names the field. */
export class BodyError {
  constructor(
    readonly errorKey: string,
    readonly message: string,
  ) {}
}

/** What a field may hold. */
export interface FieldSpec {
  /** For the message: "'x' must be {expected}." */
  readonly expected: string;
  /** The test of a non-null value (unused when {@link fields} is set). */
  readonly check?: (value: unknown) => boolean;
  /** The value is an object with these fields, each optional. */
  readonly fields?: FieldSpecs;
  /** Whether null is accepted. */
  readonly nullable?: boolean;
}

/** The fields an object may have; any other is refused. */
export type FieldSpecs = Readonly<Record<string, FieldSpec>>;

const INT32_MAX = 0x7fff_ffff;

/** An int32 (a .NET `int`). */
export function isInt32(value: unknown): value is number {
  return Number.isInteger(value) && Math.abs(value as number) <= INT32_MAX;
}

/**
 * A value of an API enum. Any non-negative int32 is accepted, not only the published values:
 * the service adds values, and a client must be able to send them.
 */
export function isEnumValue(value: unknown): value is number {
  return isInt32(value) && value >= 0;
}

/** A plain JSON object (not null, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Specs of common field types. */
export const FIELD = {
  boolean: { expected: "a boolean", check: (v) => typeof v === "boolean" },
  text: { expected: "a string", check: (v) => typeof v === "string" },
  enumValue: { expected: "a non-negative integer", check: isEnumValue },
  int32: { expected: "a 32-bit integer", check: isInt32 },
  id: {
    expected: "a positive integer",
    check: (v) => Number.isSafeInteger(v) && (v as number) > 0,
  },
  strings: {
    expected: "an array of strings",
    check: (v) => Array.isArray(v) && v.every((s) => typeof s === "string"),
  },
} as const satisfies Record<string, FieldSpec>;

/** `spec`, also accepting null. */
export function nullable(spec: FieldSpec): FieldSpec {
  return { ...spec, nullable: true };
}

/** The body as a JSON object, or why it is not one. */
function parseJsonObject(rawBody: string): Record<string, unknown> | BodyError {
  if (rawBody.trim() === "") {
    return new BodyError("validation.body", "A JSON request body is required.");
  }
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return new BodyError("validation.body", "The request body is not valid JSON.");
  }
  if (!isObject(body)) {
    return new BodyError("validation.body", "The request body must be a JSON object.");
  }
  return body;
}

/**
 * The first problem of `body` against `specs` (an unknown property, or a value of another
 * type), nested objects included; undefined when there is none. `path` prefixes field names.
 */
export function checkFields(
  body: Record<string, unknown>,
  specs: FieldSpecs,
  path = "",
): BodyError | undefined {
  for (const [name, value] of Object.entries(body)) {
    const at = path === "" ? name : `${path}.${name}`;
    if (!Object.hasOwn(specs, name)) {
      const known = Object.keys(specs).join(", ");
      return new BodyError(`validation.${at}`, `Unknown property '${at}'; known: ${known}.`);
    }
    const spec = specs[name]!;
    if (value === null && spec.nullable) continue;
    const problem = spec.fields
      ? isObject(value)
        ? checkFields(value, spec.fields, at)
        : wrongType(at, spec)
      : spec.check?.(value)
        ? undefined
        : wrongType(at, spec);
    if (problem) return problem;
  }
  return undefined;
}

function wrongType(at: string, spec: FieldSpec): BodyError {
  const expected = spec.fields ? "an object" : spec.expected;
  return new BodyError(
    `validation.${at}`,
    `'${at}' must be ${expected}${spec.nullable ? " or null" : ""}.`,
  );
}

/**
 * The body parsed and checked against `specs`, or why it was refused; each of `required`
 * must then be present, not null and not "".
 */
export function readBody(
  rawBody: string,
  specs: FieldSpecs,
  required: readonly string[] = [],
): Record<string, unknown> | BodyError {
  const body = parseJsonObject(rawBody);
  if (body instanceof BodyError) return body;
  const problem = checkFields(body, specs);
  if (problem) return problem;
  const missing = required.find((f) => body[f] === undefined || body[f] === null || body[f] === "");
  return missing === undefined
    ? body
    : new BodyError(`validation.${missing}`, `'${missing}' is required.`);
}

/** The 400 answer of a refused body, in the `{data, error}` envelope. */
export function badRequest(error: BodyError): ApiResponse {
  return dataError(400, error);
}
