/**
 * Validation of caller arguments before anything is sent. Each check names the argument
 * (and, inside a body, the field's path) and the refused value, so the caller can fix it at once.
 *
 * One vocabulary: every rule is a "problem" function (the expectation a value misses, or
 * undefined), used directly for scalar arguments (the cheap path every call takes) and as a zod
 * schema for request bodies, whose TypeScript types are inferred from those schemas.
 */
import { isIP } from "node:net";
import { z } from "zod";
import { sendableEnumValue } from "./enums";
import { InvalidArgumentError } from "./errors";
import { valueAt } from "./response";
import { ruleTextProblem, unsafeTextProblem } from "../text-rules";

const INT32_MAX = 2_147_483_647;

/** Largest page `search` asks for; the service documents no limit, so we keep pages modest. */
export const MAX_SEARCH_PAGE_SIZE = 100;
/** Longest search query accepted, in characters. */
export const MAX_SEARCH_QUERY_LENGTH = 256;
/** Longest continuation token accepted, in characters. */
const MAX_CONTINUATION_TOKEN_LENGTH = 4096;
/** Longest name or description accepted in a request body, in characters. */
export const MAX_NAME_LENGTH = 4096;

/**
 * A whole number: an id, a count, a year. It is a `number` (any number is accepted where one
 * is, and checked before any request); the name is what the package schema
 * reads, so that the plugin's SDKs take and give an integer (`int` in Python and Go) where the
 * service has one.
 */
export type Integer = number & { readonly __integer?: never };

/** What a value must be, or undefined when it is fine. */
type Problem = (value: unknown) => string | undefined;

function integerProblem(min: number, max: number): Problem {
  const expectation = `expected an integer from ${min} to ${max}`;
  return (value) =>
    typeof value !== "number" || !Number.isInteger(value) || value < min || value > max
      ? expectation
      : undefined;
}

const zoneIdProblem = integerProblem(1, INT32_MAX);
const positiveIdProblem: Problem = (value) =>
  typeof value !== "number" || !Number.isSafeInteger(value) || value <= 0
    ? "expected a positive integer"
    : undefined;

// Control characters; multi-line text may hold tabs and line breaks (CR, LF).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A string of at most `maxLength` characters; `more` then judges its characters. */
function stringProblem(maxLength: number, more: (text: string) => string | undefined): Problem {
  return (value) => {
    if (typeof value !== "string") return "expected a string";
    if (value.length > maxLength) return `expected at most ${maxLength} characters`;
    return more(value);
  };
}

function textProblem(maxLength: number, { multiline = false } = {}): Problem {
  const control = multiline ? CONTROL_BUT_LINES : CONTROL;
  return stringProblem(maxLength, (text) => {
    if (control.test(text)) return "control characters are not allowed";
    if (LONE_SURROGATE.test(text)) return MALFORMED_UNICODE;
    return undefined;
  });
}

// A lone surrogate cannot be sent: encodeURIComponent throws on it, and a query parameter or
// a body would silently carry U+FFFD instead.
const LONE_SURROGATE = /\p{Cs}/u;
const MALFORMED_UNICODE = "expected well-formed Unicode text (it contains a lone surrogate)";

/** A document sent as it is (e.g. a page's HTML): any characters, not empty, bounded in bytes. */
function documentProblem(maxBytes: number): Problem {
  return (value) => {
    if (typeof value !== "string" || value === "") return "expected a non-empty text";
    if (Buffer.byteLength(value) > maxBytes) return `expected at most ${maxBytes} bytes in UTF-8`;
    if (LONE_SURROGATE.test(value)) return MALFORMED_UNICODE;
    return undefined;
  };
}

/** Throws an InvalidArgumentError when `problem` finds one. */
function demand<T>(problem: Problem, value: unknown, argument: string): T {
  const expectation = problem(value);
  if (expectation !== undefined) throw new InvalidArgumentError(argument, value, expectation);
  return value as T;
}

/** A zod schema of `problem`, with its expectation as the issue's message. */
function rule<T>(problem: Problem, type: "integer" | "string"): z.ZodType<T> {
  // The JSON type it takes, which a custom check cannot say: what the declarations are checked against.
  return z
    .custom<T>((value) => problem(value) === undefined, { error: (issue) => problem(issue.input) })
    .meta({ type });
}

/** A shield zone id: an int32 greater than zero. */
export function shieldZoneId(value: unknown, argument = "shieldZoneId"): number {
  return demand(zoneIdProblem, value, argument);
}

/** An int32 id other than a zone's (a bot's): greater than zero. */
export function int32Id(value: unknown, argument: string): number {
  return demand(zoneIdProblem, value, argument);
}

/** A configuration (or other int64) id: a positive safe integer. */
export function positiveId(value: unknown, argument: string): number {
  return demand(positiveIdProblem, value, argument);
}

/** An integer from `min` to `max`. */
export function integerInRange(value: unknown, argument: string, min: number, max: number): number {
  return demand(integerProblem(min, max), value, argument);
}

/** A string of at most `maxLength` characters, free of control characters and lone surrogates. */
export function boundedString(value: unknown, argument: string, maxLength: number): string {
  return demand(textProblem(maxLength), value, argument);
}

/** A non-empty text sent as it is, of at most `maxBytes` in UTF-8 and well-formed Unicode. */
export function documentText(value: unknown, argument: string, maxBytes: number): string {
  return demand(documentProblem(maxBytes), value, argument);
}

/** A continuation token from a previous page: a non-empty opaque string. */
export function continuationToken(value: unknown, argument = "continuationToken"): string {
  const token = boundedString(value, argument, MAX_CONTINUATION_TOKEN_LENGTH);
  if (token.length === 0) {
    throw new InvalidArgumentError(
      argument,
      value,
      "expected a token from a previous page, or none for the first page",
    );
  }
  // URLs resolve these as dot segments even when percent-encoded: they would leave the route.
  if (token === "." || token === "..") {
    throw new InvalidArgumentError(argument, value, "a token cannot be a dot segment");
  }
  return token;
}

/**
 * A calendar day for the event logs, returned as the `MM-dd-yyyy` the service wants.
 * Accepts a Date (its UTC day), `MM-dd-yyyy` or `yyyy-MM-dd`; refuses days that do not exist.
 */
export function eventLogDate(value: unknown, argument = "date"): string {
  let year: number, month: number, day: number;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) {
      throw new InvalidArgumentError(argument, value, "expected a valid Date");
    }
    [year, month, day] = [value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate()];
  } else if (typeof value === "string") {
    const us = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
    const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (us) [month, day, year] = [Number(us[1]), Number(us[2]), Number(us[3])];
    else if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    else
      throw new InvalidArgumentError(argument, value, "expected MM-dd-yyyy, yyyy-MM-dd or a Date");
    const probe = new Date(Date.UTC(year, month - 1, day));
    if (
      year < 1970 ||
      probe.getUTCFullYear() !== year ||
      probe.getUTCMonth() !== month - 1 ||
      probe.getUTCDate() !== day
    ) {
      throw new InvalidArgumentError(argument, value, "that day does not exist in the calendar");
    }
  } else {
    throw new InvalidArgumentError(argument, value, "expected MM-dd-yyyy, yyyy-MM-dd or a Date");
  }
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(month)}-${pad(day)}-${pad(year, 4)}`;
}

// yyyy-MM-dd, optionally with a time (minutes, seconds and milliseconds optional) and then a
// zone: a time without one would be read in the machine's zone, so it is refused.
const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,3})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d))?$/i;
const INSTANT_EXPECTATION =
  "expected a Date, an ISO 8601 text with a time zone (such as 2026-07-01T12:00:00Z) " +
  "or milliseconds since the epoch";

/** The milliseconds since the epoch that `value` stands for; undefined if it is not a time. */
function instantMs(value: unknown): number | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime();
  if (typeof value === "number")
    return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  const match = typeof value === "string" ? ISO_INSTANT.exec(value) : null;
  if (!match) return undefined;
  // Date.parse rolls 02-30 over into March: the day must exist as written.
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return undefined;
  return Date.parse(value as string);
}

const instantProblem: Problem = (value) =>
  instantMs(value) === undefined ? INSTANT_EXPECTATION : undefined;

/**
 * A point in time, returned as milliseconds since the epoch: a valid Date, an ISO 8601 text
 * with a time zone (a bare `yyyy-MM-dd` is that day's start, UTC) or a non-negative integer of
 * milliseconds since the epoch.
 */
export function instant(value: unknown, argument: string): number {
  demand(instantProblem, value, argument);
  return instantMs(value)!;
}

/** Refuses properties other than `allowed`, naming the first unknown one. */
export function onlyKnownFields(value: object, allowed: readonly string[], argument: string): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) {
      throw new InvalidArgumentError(
        `${argument}.${key}`,
        (value as Record<string, unknown>)[key],
        unknownFieldExpectation(allowed),
      );
    }
  }
}

function unknownFieldExpectation(allowed: readonly string[]): string {
  return `unknown field; allowed fields are ${allowed.join(", ")}`;
}

/** True for an IPv4 or IPv6 network written `address/prefix`, such as `192.0.2.0/24`. */
export function isNetwork(text: string): boolean {
  const [address = "", bits, ...rest] = text.split("/");
  const family = isIP(address);
  return (
    family !== 0 &&
    rest.length === 0 &&
    /^\d{1,3}$/.test(bits ?? "") &&
    Number(bits) <= (family === 6 ? 128 : 32)
  );
}

/** Joins path segments, each percent-encoded, so no input can reach another route. */
export function pathOf(...segments: Array<string | number>): string {
  // A loop, not map and join: this runs on every call. A safe integer (the ids) is digits and
  // maybe a minus sign, which encoding leaves as they are.
  let path = "";
  for (const segment of segments) {
    path +=
      typeof segment === "number" && Number.isSafeInteger(segment)
        ? `/${segment}`
        : `/${encodeURIComponent(String(segment))}`;
  }
  return path === "" ? "/" : path;
}

// ---------------------------------------------------------------------------------------
// zod schemas of the same rules, for request bodies.

/** A shield zone id inside a body. */
export const zoneIdField = rule<number>(zoneIdProblem, "integer");
/** A positive int64 id inside a body. */
export const idField = rule<number>(positiveIdProblem, "integer");
/** An integer from `min` to `max` inside a body. */
export const integerField = (min: number, max: number) =>
  rule<number>(integerProblem(min, max), "integer");
/** A one-line name or description: no control characters, at most {@link MAX_NAME_LENGTH}. */
export const nameField = rule<string>(textProblem(MAX_NAME_LENGTH), "string");
/**
 * A name people read in the dashboard (an access list's, and its description): a one-line text
 * of at most {@link MAX_NAME_LENGTH} characters without control characters or bidirectional
 * marks, overrides and isolates (`UNSAFE_CHARACTER`), each of which the message names.
 */
export const displayNameField = rule<string>(
  stringProblem(
    MAX_NAME_LENGTH,
    (text) =>
      unsafeTextProblem(text) ?? (LONE_SURROGATE.test(text) ? MALFORMED_UNICODE : undefined),
  ),
  "string",
);
/**
 * A custom WAF rule's or rate limit's name: what `RULE_NAME_PATTERN` allows (the live
 * service refuses anything else), at most {@link MAX_NAME_LENGTH} characters.
 */
export const ruleNameField = rule<string>(
  stringProblem(MAX_NAME_LENGTH, (text) => ruleTextProblem(text)),
  "string",
);
/** A rule's description: like {@link ruleNameField}, or empty. */
export const ruleDescriptionField = rule<string>(
  stringProblem(MAX_NAME_LENGTH, (text) => ruleTextProblem(text, { allowEmpty: true })),
  "string",
);
/** Free text that may span lines (e.g. an access list's entries); tabs and line breaks allowed. */
export const multilineField = (maxLength: number) =>
  rule<string>(textProblem(maxLength, { multiline: true }), "string");
/** A document sent as it is; see {@link documentText}. */
export const documentField = (maxBytes: number) =>
  rule<string>(documentProblem(maxBytes), "string");
/** `true` or `false`. */
export const booleanField = z.boolean({ error: "expected true or false" });

/**
 * An enum value in a request: one this version names (listed in the message), or one a program
 * allowed with `unlistedEnumValue`. Answers tolerate numbers they do not know; a request must not
 * send one by mistake.
 */
export function enumField<E extends Record<string, number>>(enumeration: E) {
  const expectation = `expected one of ${Object.entries(enumeration)
    .map(([name, value]) => `${value} (${name})`)
    .join(
      ", ",
    )}; for a number the service added after this version, pass unlistedEnumValue(<enum>, <number>)`;
  return rule<E[keyof E]>(
    (value) =>
      typeof value === "number" && sendableEnumValue(enumeration, value) ? undefined : expectation,
    "integer",
  );
}

/**
 * A body object with exactly these fields: an unknown one is refused with the list of
 * allowed ones; anything but an object with `expectation`.
 */
export function fields<S extends z.ZodRawShape>(shape: S, expectation = "expected an object") {
  const unknownField = unknownFieldExpectation(Object.keys(shape));
  return z.strictObject(shape, {
    error: (issue) => (issue.code === "unrecognized_keys" ? unknownField : expectation),
  });
}

/**
 * A change: a {@link fields} object of which at least one field must be set. `what` names
 * the fields in both messages (e.g. "isEnabled and/or action").
 */
export function changeOf<S extends z.ZodRawShape>(shape: S, what: string) {
  return fields(shape, `expected an object with ${what}`).refine(
    (change) => Object.values(change).some((value) => value !== undefined),
    { error: `nothing to change: give ${what}` },
  );
}

/**
 * Checks `value` against `schema` and returns the parsed value, or throws an
 * InvalidArgumentError naming `argument` and the path of the first problem inside it
 * (`change.browserFingerprint.aggression`) with the value found there.
 */
export function check<S extends z.ZodType>(
  schema: S,
  value: unknown,
  argument: string,
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path: PropertyKey[] =
    issue.code === "unrecognized_keys" ? [...issue.path, issue.keys[0]] : issue.path;
  const name = [argument, ...path.map(String)].join(".");
  throw new InvalidArgumentError(name, valueAt(value, path).value, issue.message);
}
