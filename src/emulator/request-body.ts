/**
 * Checking JSON request bodies before a handler looks anything up, as the service's model
 * binding does: a body that is not a JSON object or a value of the wrong JSON type is refused
 * with 400 and an errorKey naming the field (`validation.<path>`). A property the service does
 * not know is dropped, as the live service drops it (so a client's misspelt or retired field is
 * silently lost there too); in strict mode (`strictBodies`) it is refused like a wrong type, so
 * that a client's own tests catch the misspelling.
 */
import { dataError, type ApiResponse } from "./responses";
import type { RouteContext } from "./route";

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
  /** The test of a non-null value, before {@link fields} or {@link items} check its members. */
  readonly check?: (value: unknown) => boolean;
  /** The value is an object with these fields, each optional. */
  readonly fields?: FieldSpecs;
  /** The value is an array of objects with these fields, each optional. */
  readonly items?: FieldSpecs;
  /** Whether null is accepted. */
  readonly nullable?: boolean;
}

/** The fields an object may have; any other is dropped, or refused in strict mode. */
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
  ints: {
    expected: "an array of integers",
    check: (v) => Array.isArray(v) && v.every((id) => Number.isSafeInteger(id)),
  },
  dateTime: {
    expected: "an ISO 8601 date-time",
    check: (v) =>
      typeof v === "string" &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(v) &&
      !Number.isNaN(Date.parse(v)),
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
 * `body` checked against `specs`, nested objects and arrays of objects included: a copy with
 * the known fields only, or the first problem (a value of another type; with `strict`, an
 * unknown property too). `path` prefixes field names.
 */
function readFields(
  body: Record<string, unknown>,
  specs: FieldSpecs,
  strict: boolean,
  path = "",
): Record<string, unknown> | BodyError {
  const known: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    const at = path === "" ? name : `${path}.${name}`;
    if (!Object.hasOwn(specs, name)) {
      if (!strict) continue;
      const names = Object.keys(specs).join(", ");
      return new BodyError(`validation.${at}`, `Unknown property '${at}'; known: ${names}.`);
    }
    const spec = specs[name]!;
    const read = value === null && spec.nullable ? null : readValue(value, spec, strict, at);
    if (read instanceof BodyError) return read;
    known[name] = read;
  }
  return known;
}

/** One non-null (or not nullable) value checked against its spec, its members read. */
function readValue(value: unknown, spec: FieldSpec, strict: boolean, at: string): unknown {
  if (spec.check && !spec.check(value)) return wrongType(at, spec);
  if (spec.fields) {
    return isObject(value) ? readFields(value, spec.fields, strict, at) : wrongType(at, spec);
  }
  if (spec.items) {
    if (!Array.isArray(value)) return wrongType(at, spec);
    const items: unknown[] = [];
    for (const [index, item] of value.entries()) {
      const itemAt = `${at}.${index}`;
      if (!isObject(item))
        return new BodyError(`validation.${itemAt}`, `'${itemAt}' must be an object.`);
      const read = readFields(item, spec.items, strict, itemAt);
      if (read instanceof BodyError) return read;
      items.push(read);
    }
    return items;
  }
  return spec.check ? value : wrongType(at, spec);
}

function wrongType(at: string, spec: FieldSpec): BodyError {
  const expected = spec.fields ? "an object" : spec.expected;
  return new BodyError(
    `validation.${at}`,
    `'${at}' must be ${expected}${spec.nullable ? " or null" : ""}.`,
  );
}

/** What {@link readBody} needs of a request: its body, and whether unknown properties are refused. */
export type BodySource = Pick<RouteContext, "rawBody" | "strictBodies">;

/**
 * The body of `request` parsed and checked against `specs` (unknown properties dropped, or
 * refused in strict mode), or why it was refused; each of `required` must then be present,
 * not null and not "".
 */
export function readBody(
  request: BodySource,
  specs: FieldSpecs,
  required: readonly string[] = [],
): Record<string, unknown> | BodyError {
  const parsed = parseJsonObject(request.rawBody);
  if (parsed instanceof BodyError) return parsed;
  const body = readFields(parsed, specs, request.strictBodies);
  if (body instanceof BodyError) return body;
  const missing = required.find((f) => body[f] === undefined || body[f] === null || body[f] === "");
  return missing === undefined
    ? body
    : new BodyError(`validation.${missing}`, `'${missing}' is required.`);
}

/** The 400 answer of a refused body, in the `{data, error}` envelope. */
export function badRequest(error: BodyError): ApiResponse {
  return dataError(400, error);
}

/**
 * `rawBody` without the fields at `paths` (dotted, `*` for every element of an array), as a
 * service that does not take them would read it; a body that is not JSON is left as it is.
 * For the `ignoreFields` fault.
 */
export function withoutFields(rawBody: string, paths: readonly string[]): string {
  if (paths.length === 0) return rawBody;
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return rawBody;
  }
  for (const path of paths) drop(body, path.split("."));
  return JSON.stringify(body);
}

function drop(value: unknown, path: readonly string[]): void {
  const [name, ...rest] = path;
  if (name === undefined) return;
  if (name === "*") {
    if (Array.isArray(value)) for (const item of value) drop(item, rest);
  } else if (isObject(value) && Object.hasOwn(value, name)) {
    if (rest.length === 0) delete value[name];
    else drop(value[name], rest);
  }
}
