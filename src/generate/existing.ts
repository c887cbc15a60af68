/**
 * A kind's part of `generate`, which its folder's `existing.ts` exports as `existing`: how it
 * reads a zone's existing objects of the kind, and how it maps them to the kind's inputs. Here
 * are what such a part is given and returns, and the helpers the parts share; `kinds.ts` finds
 * the parts, `read.ts` runs their reads, `program.ts` their descriptions.
 *
 * Most inputs carry the name of the API's field (`fromAnswer` finds it); what a kind holds
 * elsewhere (a list's entries in its content, bots keyed by name) its part maps itself.
 */
import { z as zod } from "zod";
import type { PlanRestrictionError } from "../client/errors";
import type { ShieldZone, ShieldZoneDefaults } from "../client/areas/shield-zones";
import type { ShieldClient } from "../client/shield-client";
import type { InputSchema } from "../resources/kit/check";
import type { KindDeclaration } from "../resources/kit/declaration";
import { ruleOutputs, type RuleSpec } from "../resources/kit/rules";
import { unwrapSchema, type DefaultSpec } from "./defaults";
import type { ProgramReference } from "./model";
import type { Names } from "./names";

type Values = Record<string, unknown>;

/**
 * A zone to generate: by its pull zone (as the zone's kind adopts it) or its shield zone's id,
 * with the text of its OpenAPI document when API Guardian's `openApiSpec` is to be declared (the
 * service never shows a document back).
 */
export type ZoneSelector = ({ readonly pullZoneId: number } | { readonly shieldZoneId: number }) & {
  readonly openApiDocument?: string;
};

/** A feature the zone's plan does not have, as the service said so. */
export interface PlanGap {
  readonly gap: true;
  /** The service's errorKey, e.g. `invalid_plan_type.bot_detection`. */
  readonly errorKey: string;
}

/** True for a value that records a plan gap. */
export const isGap = (value: unknown): value is PlanGap =>
  typeof value === "object" && value !== null && (value as PlanGap).gap === true;

/** A plan refusal of a whole feature, kept as a fact of the zone; anything else is thrown. */
export async function orGap<T>(
  read: Promise<T>,
  isPlanGap: (error: unknown) => boolean,
): Promise<T | PlanGap> {
  try {
    return await read;
  } catch (error) {
    if (!isPlanGap(error)) throw error;
    return { gap: true, errorKey: (error as PlanRestrictionError).errorKey ?? "" };
  }
}

/** `n` things, with the thousands grouped. */
export const count = (n: number, one: string, many = `${one}s`): string =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** What a kind's read is given: the zone, read already, and how to read more of it. */
export interface ZoneReader {
  readonly client: ShieldClient;
  /** The shield zone's id. */
  readonly zoneId: number;
  /** The zone's plan by name (`Basic`, …). */
  readonly plan: string;
  /** Items per page of the listings, when the caller set it. */
  readonly perPage: { readonly perPage?: number };
  /** One read, within the bound on reads in flight; its failure names the zone and `what`. */
  step<T>(what: string, read: () => Promise<T>): Promise<T>;
  /** Says what was read, for a progress display. */
  progress(message: string): void;
  /** True for the refusal of a feature the zone's Basic plan lacks (`feature_not_available_on_plan`). */
  notOnPlan(error: unknown): boolean;
}

/** Everything read of one zone. */
export interface ZoneRead {
  readonly selector: ZoneSelector;
  readonly zone: ShieldZone;
  /** The zone's pull zone. */
  readonly pullZoneId: number;
  /** The plan by name (`Basic`, …). */
  readonly plan: string;
  /** What a kind's part read of the zone (a part may describe from another kind's read). */
  of<T>(part: ExistingKind<T>): T;
}

/** A data function's result, looked up once in a zone's program, that resources refer into. */
export interface Lookup {
  /** The function, e.g. `getAccessLists`; it takes the zone's `shieldZoneId`. */
  readonly function: string;
  /** The variable holding its result (with several zones, the pull zone's id follows it). */
  readonly variable: string;
}

/** What the describers of one zone share. */
export interface ZoneContext {
  readonly read: ZoneRead;
  /** The service's defaults for a new zone. */
  readonly defaults: ShieldZoneDefaults;
  readonly names: Names;
  /** The shield zone's id, as every resource of the zone declares it. */
  readonly zone: number;
  /**
   * A path into a look-up's result (its statement goes right before the first resource that
   * refers to it), with the value it has now.
   */
  lookup(lookup: Lookup, path: readonly string[], value: unknown): ProgramReference;
  /** A file beside the program holding `text` (or, with `lines`, one entry per line). */
  file(name: string, text: string, lines?: readonly string[]): ProgramReference;
  /** The text of the zone's OpenAPI document, when the caller gave it. */
  readonly openApiDocument?: string;
  /** The prefix of the zone's file names ("" with one zone). */
  readonly filePrefix: string;
}

/** What a kind makes of one object of a zone. */
export interface Described {
  readonly name: string;
  /** The inputs' values as read: API vocabulary (normalized later by the kind's schema), or references. */
  readonly raw: Values;
  /**
   * What each setting is compared with (see `defaults.ts`): the service's defaults. An object
   * Pulumi would own is compared with what its kind gives an input left out, instead.
   */
  readonly defaults?: Readonly<Record<string, DefaultSpec>>;
  /** Declared even when nothing but its keys differs from the defaults (the zone). */
  readonly always?: boolean;
  readonly comments?: readonly string[];
  /** Comments above single arguments. */
  readonly argumentComments?: Readonly<Record<string, readonly string[]>>;
}

/** Objects of a kind, or why the zone has none to declare. */
export type Description = readonly Described[] | { readonly omitted: string };

/**
 * A kind's part of `generate`: its declaration and input schema (the kind's own, so that
 * values are normalized as `check` normalizes them), what it reads of a zone and how that
 * maps to its inputs.
 */
export interface ExistingKind<T = unknown> {
  readonly declaration: KindDeclaration;
  readonly inputs: InputSchema;
  /** Its object is the zone itself: the first statement of the zone's program. */
  readonly zone?: true;
  /** Reads the zone's objects of the kind; none for a kind described from the zone or another kind's read. */
  readonly read?: (reader: ZoneReader) => Promise<T>;
  /** The zone's objects of the kind, from what `read` returned. */
  readonly describe: (context: ZoneContext, read: T) => Description;
}

/** A kind's part, its read's type inferred. */
export const existingKind = <T = undefined>(part: ExistingKind<T>): ExistingKind<T> => part;

/** Why a zone declares nothing of a feature its plan lacks. */
export const notOnPlanNote = (feature: string, plan: string, gap: PlanGap): Description => ({
  omitted: `${feature}: not on the ${plan} plan (the service answers ${gap.errorKey}), so not declared.`,
});

/**
 * The part of an API answer that a schema takes: the members its objects name (matched
 * ignoring case: the API's `dDoSShieldSensitivity` is the input `ddosShieldSensitivity`), at
 * any depth, through maps and lists; null and absent members left out.
 */
export function fromAnswer(answer: unknown, schema: zod.ZodType): unknown {
  const inner = unwrapSchema(schema);
  if (inner instanceof zod.ZodObject && isObject(answer)) {
    return pickMembers(answer, inner.shape as Record<string, zod.ZodType>);
  }
  if (inner instanceof zod.ZodRecord && isObject(answer)) {
    return Object.fromEntries(
      Object.entries(answer).map(([k, v]) => [k, fromAnswer(v, inner.valueType as zod.ZodType)]),
    );
  }
  if (inner instanceof zod.ZodArray && Array.isArray(answer)) {
    return answer.map((e) => fromAnswer(e, inner.element as zod.ZodType));
  }
  return answer;
}

const isObject = (value: unknown): value is Values =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The members of `answer` that `shape` names, by the shape's names. */
export function pickMembers(answer: Values, shape: Readonly<Record<string, zod.ZodType>>): Values {
  const byLowerCase = new Map(Object.keys(answer).map((k) => [k.toLowerCase(), k]));
  const picked: Values = {};
  for (const [name, schema] of Object.entries(shape)) {
    const key = byLowerCase.get(name.toLowerCase());
    const value = key === undefined ? undefined : answer[key];
    if (value !== null && value !== undefined) picked[name] = fromAnswer(value, schema);
  }
  return picked;
}

/** The schema of an input of `inputs`. */
const field = (inputs: InputSchema, input: string) => inputs.fields[input]!;

/** The schema of each member of a map input (`endpoints`, `bots`). */
export function memberField(inputs: InputSchema, input: string): zod.ZodType {
  const map = unwrapSchema(field(inputs, input));
  if (!(map instanceof zod.ZodRecord)) throw new TypeError(`${input} is not a map`);
  return map.valueType as zod.ZodType;
}

/** `raw` (the API's vocabulary) as `schema` normalizes it; undefined when it refuses it. */
export function normalized(schema: zod.ZodType, raw: unknown): unknown {
  const parsed = schema.safeParse(fromAnswer(raw, schema));
  return parsed.success ? parsed.data : undefined;
}

/** The defaults of an adopted kind, from values in the API's vocabulary. */
export function serviceDefaults(inputs: InputSchema, values: Values): Values {
  const defaults: Values = {};
  for (const [input, raw] of Object.entries(pickMembers(values, inputs.fields))) {
    const value = normalized(field(inputs, input), raw);
    if (value !== undefined) defaults[input] = value;
  }
  return defaults;
}

/** `values` without the members the service left unset: they have no default to compare with. */
export const stated = (values: Values): Values =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== undefined));

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Comments for objects beyond a plan's limit: the service keeps them, but would refuse one more. */
export function beyondLimit(
  index: number,
  limit: number | null | undefined,
  total: number,
  what: string,
): string[] {
  if (typeof limit !== "number" || total <= limit || index < limit) return [];
  return [
    `Beyond the plan's limit of ${plural(limit, what)} (the zone has ${total}): the service keeps it, but would refuse to create it again.`,
  ];
}

/** The id a selector names its zone by. */
export const selectorId = (selector: ZoneSelector): number =>
  "pullZoneId" in selector ? selector.pullZoneId : selector.shieldZoneId;

/** A rule of a rule kind, as the client reads it. */
export type Rule = Parameters<typeof ruleOutputs>[1];

/**
 * A rule kind's part: each rule of the zone, in the order of their ids, read through the kind's
 * own outputs.
 * @param spec - the kind's rule spec
 * @param what - a rule in messages (`custom WAF rule`), and the word its names end with (`rule`)
 */
export function ruleKindPart(
  spec: RuleSpec,
  what: { readonly one: string; readonly name: string },
): ExistingKind<readonly Rule[]> {
  const many = `${what.one}s`;
  return {
    declaration: spec.declaration,
    inputs: spec.inputs,
    read: ({ client, zoneId, perPage, step, progress }) =>
      step(`its ${many}`, async (): Promise<Rule[]> => [
        ...(await spec.api(client).list(zoneId, perPage)),
      ]).then((rules) => {
        progress(`${many}: ${rules.length}`);
        return rules;
      }),
    describe: (context, read) => {
      const rules = [...read].sort((a, b) => a.id - b.id);
      const limit = context.read.zone[spec.limit];
      return rules.map((rule, index) => ({
        name: context.names.take(rule.ruleName ?? "", what.name, rule.id),
        raw: {
          ...pickMembers(ruleOutputs(spec, rule), spec.inputs.fields),
          shieldZoneId: context.zone,
        },
        comments: beyondLimit(index, limit, rules.length, what.one),
      }));
    },
  };
}
