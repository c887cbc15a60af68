/**
 * Validation of caller arguments before anything is sent. Each check names the
 * argument and the refused value, so the caller can fix it at once.
 */
import { InvalidArgumentError } from "./errors";

const INT32_MAX = 2_147_483_647;

/** Largest page `search` asks for; the service documents no limit, so we keep pages modest. */
export const MAX_SEARCH_PAGE_SIZE = 100;
/** Longest search query accepted, in characters. */
export const MAX_SEARCH_QUERY_LENGTH = 256;
/** Longest continuation token accepted, in characters. */
export const MAX_CONTINUATION_TOKEN_LENGTH = 4096;

/** A shield zone id: an int32 greater than zero. */
export function shieldZoneId(value: unknown, argument = "shieldZoneId"): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value <= 0 || value > INT32_MAX) {
    throw new InvalidArgumentError(argument, value, `expected an integer from 1 to ${INT32_MAX}`);
  }
  return value;
}

/** A configuration (or other int64) id: a positive safe integer. */
export function positiveId(value: unknown, argument: string): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value <= 0) {
    throw new InvalidArgumentError(argument, value, "expected a positive integer");
  }
  return value;
}

/** A non-negative integer no larger than `max`. */
export function integerInRange(value: unknown, argument: string, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw new InvalidArgumentError(argument, value, `expected an integer from ${min} to ${max}`);
  }
  return value;
}

/** A string of at most `maxLength` characters, free of control characters and lone surrogates. */
export function boundedString(value: unknown, argument: string, maxLength: number): string {
  if (typeof value !== "string") {
    throw new InvalidArgumentError(argument, value, "expected a string");
  }
  if (value.length > maxLength) {
    throw new InvalidArgumentError(argument, value, `expected at most ${maxLength} characters`);
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) {
    throw new InvalidArgumentError(argument, value, "control characters are not allowed");
  }
  // A lone surrogate cannot be sent: encodeURIComponent throws on it, and a query
  // parameter would silently carry U+FFFD instead.
  if (/\p{Cs}/u.test(value)) {
    throw new InvalidArgumentError(
      argument,
      value,
      "expected well-formed Unicode text (it contains a lone surrogate)",
    );
  }
  return value;
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

/** Refuses properties other than `allowed`, naming the first unknown one. */
export function onlyKnownFields(value: object, allowed: readonly string[], argument: string): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) {
      throw new InvalidArgumentError(
        `${argument}.${key}`,
        (value as Record<string, unknown>)[key],
        `unknown field; allowed fields are ${allowed.join(", ")}`,
      );
    }
  }
}

/** Joins path segments, each percent-encoded, so no input can reach another route. */
export function pathOf(...segments: Array<string | number>): string {
  return "/" + segments.map((s) => encodeURIComponent(String(s))).join("/");
}
