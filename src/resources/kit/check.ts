/**
 * `check` for every kind, from one zod schema per input: one CheckFailure per bad property,
 * naming it (with the path inside it), what a valid value looks like and what was given.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { z } from "zod";
import { describeValue } from "../../client/errors";
import { inputsOf, requiredOf, setsOf, type KindDeclaration } from "./declaration";
import type { Reason } from "./refuse";
import {
  containsUnknown,
  failedInputIn,
  orderLike,
  PREVIEW_KEY,
  prototypeKeyIn,
  prototypeKeyReason,
} from "./values";

/** The key under which the engine passes the serialized provider; never an input. */
export const PROVIDER_KEY = "__provider";

/** The inputs of a kind: a schema per property, and those that must be given. */
export interface InputSchema {
  readonly fields: Readonly<Record<string, z.ZodType>>;
  readonly required: readonly string[];
  /**
   * Set-valued inputs: arrays (at any depth) whose order and repeats carry no meaning. `diff`
   * compares them as sets; `check` drops repeats and keeps the order state has, new members
   * last, so that one added member previews as one added line.
   */
  readonly sets?: readonly string[];
  /**
   * Rules across fields (e.g. entries valid for the list's type), run when no input is
   * unknown, on the valid inputs alone: a field that failed its own check is absent, so that
   * every bad property is reported in one run.
   */
  readonly across?: (inputs: Record<string, unknown>) => dynamic.CheckFailure[];
}

/**
 * A kind's input schema, from its declaration: each input's schema, with `required` and
 * `sets`, and the rules across inputs a kind may add.
 */
export function inputSchemaOf<const D extends KindDeclaration>(
  declaration: D,
  rules: Pick<InputSchema, "across"> = {},
): {
  readonly fields: { readonly [K in InputName<D>]: SchemaOf<InputOf<D, K>> };
  readonly required: string[];
  readonly sets: string[];
} & Pick<InputSchema, "across"> {
  const fields = Object.fromEntries(
    Object.entries(inputsOf(declaration)).map(([name, input]) => [name, input.schema]),
  ) as { readonly [K in InputName<D>]: SchemaOf<InputOf<D, K>> };
  return { fields, required: requiredOf(declaration), sets: setsOf(declaration), ...rules };
}

/** The names of a declaration's inputs, its base's included. */
type InputName<D extends KindDeclaration> =
  (keyof D["inputs"] & string) | (D["base"] extends { inputs: infer I } ? keyof I & string : never);

/** An input declaration's schema type. */
type SchemaOf<I> = I extends { readonly schema: infer S } ? S : never;

/** The declaration of input `K` of `D`, its base's included. */
type InputOf<D extends KindDeclaration, K> = K extends keyof D["inputs"]
  ? D["inputs"][K]
  : D["base"] extends { inputs: infer I }
    ? K extends keyof I
      ? I[K]
      : never
    : never;

/**
 * Validates and normalizes inputs (enum numbers become names, defaults are not invented, sets
 * ordered like `olds`, the inputs in state). A value that is, or holds, the engine's unknown
 * value passes as it is: it is checked again once known, before any create or update.
 */
export function checkInputs(
  kind: string,
  schema: InputSchema,
  news: Record<string, unknown>,
  olds: Record<string, unknown> = {},
): dynamic.CheckResult {
  const failures: dynamic.CheckFailure[] = [];
  const inputs: Record<string, unknown> = {};
  const allowed = Object.keys(schema.fields);
  for (const [property, value] of Object.entries(news)) {
    if (property === PROVIDER_KEY || property === PREVIEW_KEY) continue;
    // An own-property test: `in` would take "constructor" or "__proto__" for inputs.
    if (!Object.prototype.hasOwnProperty.call(schema.fields, property)) {
      failures.push({
        property,
        reason: `${property} is not an input of ${kind}; allowed inputs are ${allowed.join(", ")}.`,
      });
      continue;
    }
    if (value === undefined) continue;
    const failed = failedInputIn(value);
    if (failed !== undefined) {
      // No property: the engine would print the value, and so the error, a second time.
      failures.push({ property: "", reason: failedInputReason(property, failed) });
      continue;
    }
    if (containsUnknown(value)) {
      inputs[property] = value;
      continue;
    }
    const prototypeKey = prototypeKeyIn(value, property);
    if (prototypeKey !== undefined) {
      failures.push({ property, reason: prototypeKeyReason(prototypeKey) });
      continue;
    }
    const field = schema.fields[property];
    const parsed = field.safeParse(value);
    if (parsed.success) {
      if (parsed.data !== undefined) inputs[property] = parsed.data;
      continue;
    }
    const issue = parsed.error.issues[0];
    // A rule about a map's key gives its whole reason: the expectation of the value would not fit.
    const reason =
      issue.code === "custom" ? (issue.params as Reason | undefined)?.reason : undefined;
    if (typeof reason === "string") {
      failures.push({ property, reason });
      continue;
    }
    const path = issue.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`));
    const expectation = schemaAt(field, issue.path)?.description ?? issue.message;
    failures.push({
      property,
      reason: `${property}${path.join("")} must be ${expectation}; got ${describeValue(valueAt(value, issue.path))}.`,
    });
  }
  // Defaults written in the schema (zod's `.default`) apply to omitted inputs.
  for (const [property, field] of Object.entries(schema.fields)) {
    if (news[property] !== undefined || !(field instanceof z.ZodDefault)) continue;
    inputs[property] = field.parse(undefined);
  }
  for (const field of schema.sets ?? []) {
    if (inputs[field] !== undefined && !containsUnknown(inputs[field])) {
      inputs[field] = orderLike(inputs[field], olds[field]);
    }
  }
  if (schema.across && !containsUnknown(inputs)) {
    failures.push(...schema.across(inputs));
  }
  for (const required of schema.required) {
    if (news[required] === undefined) {
      const expectation = schema.fields[required]?.description;
      failures.push({
        property: required,
        reason: `${required} is required${expectation ? ` (${expectation})` : ""}.`,
      });
    }
  }
  return failures.length > 0 ? { inputs: news, failures } : { inputs };
}

/**
 * Why an input whose value failed in the program is refused: the error, that the run stops
 * with nothing deleted, and the wrapper that stops an inline program at the error itself.
 */
function failedInputReason(property: string, message: string): string {
  return (
    `${property} failed in the program before it could be registered: ${message.replace(/[\s.]+$/, "")}. ` +
    "The run stops here; nothing is deleted or written. In an Automation API inline program, " +
    "wrap the program in inlineProgram (pulumi-bunnynet-shield, docs/automation.md): it stops " +
    "the program at such an error, for the resources of every package."
  );
}

/** The innermost described schema along `path`, so that nested failures name their own rule. */
function schemaAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodType | undefined {
  let current: z.ZodType | undefined = schema;
  let described = firstDescribed(schema);
  for (const step of path) {
    current = current && unwrap(current);
    if (current instanceof z.ZodObject) current = current.shape[String(step)] as z.ZodType;
    else if (current instanceof z.ZodArray) current = current.element as z.ZodType;
    else if (current instanceof z.ZodRecord) current = current.valueType as z.ZodType;
    else current = undefined;
    if (!current) break;
    described = firstDescribed(current) ?? described;
  }
  return described;
}

/** The first described schema among `schema` and its wrappers' insides. */
function firstDescribed(schema: z.ZodType): z.ZodType | undefined {
  for (let current = schema; ;) {
    if (current.description) return current;
    const inner = unwrapOnce(current);
    if (inner === current) return undefined;
    current = inner;
  }
}

function unwrap(schema: z.ZodType): z.ZodType {
  for (let current = schema; ;) {
    const inner = unwrapOnce(current);
    if (inner === current) return current;
    current = inner;
  }
}

function unwrapOnce(current: z.ZodType): z.ZodType {
  if (current instanceof z.ZodOptional || current instanceof z.ZodNullable) {
    return current.unwrap() as z.ZodType;
  }
  if (current instanceof z.ZodDefault) return current.removeDefault() as z.ZodType;
  if (current instanceof z.ZodPipe) return current.in as z.ZodType;
  return current;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const step of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[step];
  }
  return current;
}
