/**
 * What "the service's default" is for each value, and leaving out the values that are at it.
 *
 * - Settings that exist before Pulumi (adopted kinds): what the service gives a zone that never
 *   changed them. `GET /shield/shield-zone/defaults` says it for the shield zone's settings,
 *   bot detection's mode, upload scanning's modes and the managed lists' actions; for the rest
 *   it says nothing, and {@link UNSTATED_DEFAULTS} holds what is known otherwise, each with its
 *   source. A value with no known default is always declared.
 * - Objects Pulumi creates (owned kinds): what the kind gives an input left out, which its
 *   declaration and schema say (`isEnabled: true`, `description: ""`, a condition's
 *   `negated: false`, …). The object itself is never a default: each one is declared.
 */
import { z } from "zod";
import { UnmatchedPathAction, WafExecutionMode, WafPayloadLimitAction } from "../client/enums";
import type { ShieldZoneDefaults } from "../client/areas/shield-zones";
import { BOT_DETECTION_DEFAULTS } from "../functions/bot-detection";
import type { InputSchema } from "../resources/kit/check";
import { inputsOf, type KindDeclaration } from "../resources/kit/declaration";
import { canonicalJson, isPlainObject, own } from "../resources/kit/values";

/**
 * What a value is compared with: a value (objects member by member), {@link EachMember} for a
 * map whose every member has a default, {@link EachElement} for a list whose elements have
 * defaults of their own, or undefined when no default is known (the value is always declared).
 */
export type DefaultSpec = unknown;

/** The default of every member of a map (by its key). */
export class EachMember {
  constructor(readonly member: (key: string) => DefaultSpec) {}
}

/** The defaults inside each element of a list; the elements themselves are always declared. */
export class EachElement {
  constructor(readonly element: DefaultSpec) {}
}

/** Marks what {@link minimize} leaves out. */
export const OMITTED = Symbol("omitted");

/**
 * `value` without what is at its default: a member of an object that equals the default's
 * member is left out (for settings, a member left out is left as the service has it; for an
 * owned object's input, the kind gives it that default), and so is a value equal to its default
 * as a whole. Lists compare as sets with `asSet`. {@link OMITTED} when nothing is left.
 */
export function minimize(value: unknown, spec: DefaultSpec, asSet = false): unknown {
  if (spec === undefined) return value;
  if (spec instanceof EachElement) {
    return Array.isArray(value) ? value.map((e) => kept(minimize(e, spec.element, asSet))) : value;
  }
  if (isPlainObject(value) && (spec instanceof EachMember || isPlainObject(spec))) {
    const members: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) {
      const memberSpec =
        spec instanceof EachMember ? spec.member(key) : own(spec as Record<string, unknown>, key);
      const left = minimize(member, memberSpec, asSet);
      if (left !== OMITTED) members[key] = left;
    }
    return Object.keys(members).length === 0 ? OMITTED : members;
  }
  if (spec instanceof EachMember) return value;
  return canonicalJson(value, asSet) === canonicalJson(spec, asSet) ? OMITTED : value;
}

/** An element keeps its place even when every member of it is at its default. */
const kept = (value: unknown): unknown => (value === OMITTED ? {} : value);

/** The schema inside optional, nullable, default and pipe wrappers. */
export function unwrapSchema(schema: z.ZodType): z.ZodType {
  for (let current = schema; ;) {
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable) {
      current = current.unwrap() as z.ZodType;
    } else if (current instanceof z.ZodDefault) current = current.removeDefault() as z.ZodType;
    else if (current instanceof z.ZodPipe) current = current.in as z.ZodType;
    else return current;
  }
}

/** The defaults a schema writes (zod's `.default`) inside objects and list elements. */
function schemaDefaults(schema: z.ZodType): DefaultSpec {
  if (schema instanceof z.ZodDefault) return schema.parse(undefined);
  const inner = unwrapSchema(schema);
  if (inner instanceof z.ZodArray) {
    const element = schemaDefaults(inner.element as z.ZodType);
    return element === undefined ? undefined : new EachElement(element);
  }
  if (inner instanceof z.ZodObject) {
    const members = Object.entries(inner.shape as Record<string, z.ZodType>)
      .map(([key, member]) => [key, schemaDefaults(member)] as const)
      .filter(([, spec]) => spec !== undefined);
    return members.length === 0 ? undefined : Object.fromEntries(members);
  }
  return undefined;
}

/**
 * What an owned kind gives each input left out: the schema's default, else the one its
 * declaration documents as a literal (`""`, `[]`), else the defaults inside it (a condition's
 * members); none for an input that is simply absent then (`severity`).
 */
export function declaredDefaults(
  declaration: KindDeclaration,
  schema: InputSchema,
): Record<string, DefaultSpec> {
  const defaults: Record<string, DefaultSpec> = {};
  for (const [name, input] of Object.entries(inputsOf(declaration))) {
    const field = schema.fields[name];
    const literal = /^`(.+)`$/.exec(input.docs.default ?? "")?.[1];
    if (field instanceof z.ZodDefault) defaults[name] = field.parse(undefined);
    else if (literal !== undefined) defaults[name] = parseLiteral(literal);
    else if (field) defaults[name] = schemaDefaults(field);
  }
  return defaults;
}

const parseLiteral = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * Defaults the service's defaults endpoint does not state, in the API's vocabulary (enums as
 * numbers), and where each comes from.
 */
export const UNSTATED_DEFAULTS = {
  /**
   * Bot detection's signals: the values bunny.net's Terraform provider reads for a zone that has
   * none ({@link BOT_DETECTION_DEFAULTS}: every signal off, low aggression, no complex
   * fingerprinting). Its mode is the service's own default.
   */
  botDetection: BOT_DETECTION_DEFAULTS,
  /**
   * Upload scanning is off until switched on: creating a zone under attack is what switches it
   * on (docs/resources/shield-zone.md). Its modes are the service's own defaults.
   */
  uploadScanning: { isEnabled: false },
  /**
   * API Guardian of a zone that never used it: off, logging, blocking bodies over the limit,
   * logging unmatched paths, as the service (and the emulator after it) reads it then.
   */
  apiGuardian: {
    isEnabled: false,
    executionMode: WafExecutionMode.Log,
    bodyLimitAction: WafPayloadLimitAction.Block,
    unmatchedPathAction: UnmatchedPathAction.Log,
  },
  /**
   * An endpoint as an upload of its document makes it: enforced, with nothing else switched on
   * and a rate limit of 100 requests a minute that applies once switched on. Whether its request
   * bodies are validated depends on the operation having one, which only the document says.
   */
  apiGuardianEndpoint: {
    isEnabled: true,
    validateResponseBodySchema: false,
    validateAuthorization: false,
    injectionDetectionParameters: { Path: [], Query: [], Header: [], Cookie: [] },
    detectParameterXss: false,
    detectParameterSqli: false,
    rateLimitingEnabled: false,
    rateLimitingType: "Global",
    rateLimitingRequestCount: 100,
    rateLimitingTimeframe: 60,
  },
  /** A category's or bot's action until one is set: None (a bot then follows its category). */
  botAction: 0,
} as const;

/** `values` without the members the service left unset: they have no default to compare with. */
const stated = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== undefined));

/** The defaults of bot detection, in the API's vocabulary. */
export const botDetectionDefaults = (d: ShieldZoneDefaults) => ({
  ...UNSTATED_DEFAULTS.botDetection,
  ...stated({ executionMode: d.botDetectionExecutionMode }),
});

/** The defaults of upload scanning, in the API's vocabulary. */
export const uploadScanningDefaults = (d: ShieldZoneDefaults) => ({
  ...UNSTATED_DEFAULTS.uploadScanning,
  ...stated({
    csamScanningMode: d.csamScanningMode,
    antivirusScanningMode: d.antivirusScanningMode,
  }),
});
