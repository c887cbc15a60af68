/**
 * A settings area's fields written once: each setting says how an answer holds it (read
 * tolerantly: a number the service added later is kept, null is allowed) and how a change sends
 * it (written strictly: a number this version does not name is refused before any request).
 */
import { z } from "zod";
import { booleanField, changeOf, enumField, integerField } from "./arguments";
import { enumInt } from "./schemas";

/** One setting: its schema in an answer and in a change. */
export interface Setting<R extends z.ZodType = z.ZodType, W extends z.ZodType = z.ZodType> {
  readonly read: R;
  readonly write: W;
}

/** A true-or-false setting. */
export const booleanSetting = {
  read: z.boolean().nullable().optional(),
  write: booleanField.optional(),
} satisfies Setting;

/** A setting that is one of `enumeration`'s numbers. */
export const enumSetting = <E extends Record<string, number>>(enumeration: E) =>
  ({ read: enumInt.optional(), write: enumField(enumeration).optional() }) satisfies Setting;

/** A whole number setting: any integer (or null) read, one from `min` to `max` written. */
export const integerSetting = (min: number, max: number) =>
  ({
    read: z.number().int().nullable().optional(),
    write: integerField(min, max).optional(),
  }) satisfies Setting;

/**
 * The answer's and the change's schemas of `settings`: the answer an object of them all (more
 * keys kept), the change a strict object of at least one (`what` names them in its messages).
 */
export function settingsSchemas<S extends Record<string, Setting>>(settings: S, what: string) {
  const pick = <K extends keyof Setting>(side: K) =>
    Object.fromEntries(Object.entries(settings).map(([name, s]) => [name, s[side]])) as {
      [N in keyof S]: S[N][K];
    };
  return { answer: z.object(pick("read")), change: changeOf(pick("write"), what) };
}
