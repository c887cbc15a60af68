/**
 * zod schemas for resource inputs (`…Input`), each described with what a valid value looks
 * like: the description is what a CheckFailure says, so validation and message never drift
 * apart. They differ from the client's request fields (`…Field`, client/arguments.ts): an input
 * takes an enum by name or number and keeps the name, a request sends the number.
 */
import { z } from "zod";
import { enumValue, unlistedEnumValue } from "../../client/enums";
import { describeValue } from "../../client/errors";
import { ruleTextProblem, RULE_NAME_ALLOWED, unsafeTextProblem } from "../../text-rules";
import { refuse } from "./refuse";
import { enumMeta, type EnumOptions } from "./shape";

/** The largest int32: the service's ids are .NET `int`s. */
export const INT32_MAX = 2_147_483_647;

/** A shield zone id (int32 greater than zero). */
export const zoneIdInput = z
  .number()
  .int()
  .min(1)
  .max(INT32_MAX)
  .describe(`an integer from 1 to ${INT32_MAX}`);

/** An int64 object id: a positive safe integer. */
export const idInput = z
  .number()
  .int()
  .min(1)
  .refine(Number.isSafeInteger, "must be a safe integer")
  .describe("a positive integer");

/** A shield zone id as outputs hold it. */
export const zoneIdOutput = z.number().int();

/** true or false. */
export const booleanInput = z.boolean().describe("true or false");

/**
 * A whole number from `min` to `max` (an int32 by default), described as `what` "from `min`"
 * (and "to `max`" when it is not the int32 limit): `integerInput(1, INT32_MAX, "a whole number
 * of requests")` is "a whole number of requests from 1".
 */
export function integerInput(min: number, max = INT32_MAX, what = "a whole number") {
  return z
    .number()
    .int()
    .min(min)
    .max(max)
    .describe(`${what} from ${min}${max === INT32_MAX ? "" : ` to ${max}`}`);
}

/** One of a few fixed texts, an enum type `name` of the package. */
export function choiceInput<const C extends readonly [string, ...string[]]>(
  choices: C,
  name: string,
  options: EnumOptions = {},
) {
  return z
    .enum(choices)
    .meta(enumMeta(name, Object.fromEntries(choices.map((choice) => [choice, choice])), options))
    .describe(`one of ${choices.map((c) => `"${c}"`).join(", ")}`);
}

/**
 * An API enum given as a name (`"Block"`) or its number (2), stored as the name. Numbers the
 * enum does not name are refused here, before any request (state written from the service's
 * answers may still hold them: see {@link enumNumber}).
 */
export function enumInput<E extends Record<string, number>>(
  enumeration: E,
  name: string,
  options: EnumOptions = {},
) {
  const names = Object.keys(enumeration) as Array<keyof E & string>;
  const expectation = `one of ${names.map((n) => `"${n}" (${enumeration[n]})`).join(", ")}`;
  return z
    .union([z.enum(names as [keyof E & string, ...Array<keyof E & string>]), z.number().int()])
    .transform((value, ctx) => {
      if (typeof value === "string") return value;
      const found = names.find((n) => enumeration[n] === value);
      if (found === undefined) {
        ctx.addIssue({ code: "custom", message: `expected ${expectation}` });
        return z.NEVER;
      }
      return found;
    })
    .meta(enumMeta(name, enumeration, options))
    .describe(expectation);
}

/**
 * The number of an enum value as stored in state: a name, a number the service sent that
 * this version does not name (stored as its text, `"7"`), or 0.1.0's `"Unknown(7)"`. Check
 * refuses such numbers in inputs, so one met here came from the service (a prior put back on
 * delete, say): it is allowed to go back.
 */
export function enumNumber(
  enumeration: Record<string, number>,
  value: unknown,
): number | undefined {
  const number =
    typeof value === "number" && Number.isInteger(value)
      ? value
      : typeof value === "string"
        ? enumValue(enumeration, value)
        : undefined;
  return number === undefined || Object.values(enumeration).includes(number)
    ? number
    : unlistedEnumValue(enumeration, number);
}

/**
 * A refinement refusing a text that `problem` finds fault with, the whole reason naming
 * `field`, the value and the characters at fault (zod's own message could not say which),
 * then `hint` if given.
 */
export function textRule(
  field: string,
  problem: (text: string) => string | undefined,
  hint?: string,
) {
  return (text: string, ctx: z.RefinementCtx): void => {
    const expectation = problem(text);
    if (expectation === undefined) return;
    refuse(ctx, `${field} ${describeValue(text)}: ${expectation}${hint ? ` (${hint})` : ""}.`);
  };
}

/**
 * A name people read (an access list's, say): a non-empty text of at most `max` characters,
 * trimmed, without control characters or bidirectional marks, overrides and isolates.
 */
export function displayNameInput(field: string, max: number) {
  return z
    .string()
    .trim()
    .min(1)
    .max(max)
    .superRefine(textRule(field, unsafeTextProblem))
    .describe(`a non-empty text of at most ${max} characters, without control characters`);
}

/**
 * A custom WAF rule's or rate limit's name (or, with `allowEmpty`, description): at most `max`
 * characters the live service accepts ({@link RULE_NAME_ALLOWED}); the name is trimmed.
 */
export function ruleTextInput(field: string, max: number, { allowEmpty = false } = {}) {
  const text = allowEmpty ? z.string() : z.string().trim().min(1);
  return text
    .max(max)
    .superRefine(textRule(field, (value) => ruleTextProblem(value, { allowEmpty })))
    .describe(
      `${allowEmpty ? "empty, or a text" : "a non-empty text"} of at most ${max} ${RULE_NAME_ALLOWED}`,
    );
}
