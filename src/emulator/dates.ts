/**
 * The event-log API addresses days as `MM-dd-yyyy` (UTC) and keeps only today and the two
 * days before.
 */

/** Milliseconds in a day. */
export const DAY_MS = 86_400_000;

/** How many days of event logs the service keeps, today included. */
export const RETENTION_DAYS = 3;

/** A UTC calendar day. */
export interface UtcDay {
  /** The day as the API writes it: `MM-dd-yyyy`. */
  readonly key: string;
  /** Milliseconds since the epoch at 00:00:00.000 UTC. */
  readonly startMs: number;
  /** Days since the epoch; a compact, stable number for seeding. */
  readonly dayNumber: number;
}

const DATE_PATTERN = /^(\d{2})-(\d{2})-(\d{4})$/;

/** Parses `MM-dd-yyyy`; undefined for anything else, including impossible dates (02-30-2026). */
export function parseDay(text: string): UtcDay | undefined {
  const match = DATE_PATTERN.exec(text);
  if (!match) return undefined;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const startMs = Date.UTC(year, month - 1, day);
  const date = new Date(startMs);
  // Date.UTC rolls 02-30 over into March; a round trip exposes that.
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return undefined;
  }
  return { key: text, startMs, dayNumber: startMs / DAY_MS };
}

/** The UTC day containing `instant`. */
export function dayOf(instant: Date): UtcDay {
  const startMs = Math.floor(instant.getTime() / DAY_MS) * DAY_MS;
  const d = new Date(startMs);
  const key = `${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}-${d.getUTCFullYear()}`;
  return { key, startMs, dayNumber: startMs / DAY_MS };
}

/** Normalizes a `Date` or `MM-dd-yyyy` string to a day; throws on an invalid string. */
export function toDay(date: Date | string): UtcDay {
  if (date instanceof Date) return dayOf(date);
  const day = parseDay(date);
  if (!day) throw new RangeError(`Invalid date "${date}": expected a real date as MM-dd-yyyy`);
  return day;
}

/** True when `day` is today or one of the {@link RETENTION_DAYS}−1 days before (UTC, per `now`). */
export function isRetained(day: UtcDay, now: Date): boolean {
  const age = dayOf(now).dayNumber - day.dayNumber;
  return age >= 0 && age < RETENTION_DAYS;
}

/**
 * The span of time the service keeps logs for, per `now`: from the start of the oldest
 * retained day to the end of today (UTC), end exclusive.
 */
export function retainedSpan(now: Date): { startMs: number; endMs: number } {
  const today = dayOf(now).startMs;
  return { startMs: today - (RETENTION_DAYS - 1) * DAY_MS, endMs: today + DAY_MS };
}

/**
 * The `MM-dd-yyyy` (UTC) form of a date, as the event-log route wants it; with `daysAgo`, of
 * that many days before.
 */
export function formatEventLogDate(date: Date, daysAgo = 0): string {
  return dayOf(new Date(date.getTime() - daysAgo * DAY_MS)).key;
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}
