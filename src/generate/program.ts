/**
 * A program from the zones read: each object a kind describes becomes a resource whose
 * arguments are its inputs as the kind's own schema normalizes them (enum names, instants,
 * trimmed entries: what `check` would make of them), in the order the kind's declaration gives
 * them, without the values at their defaults (unless `all`), and checked by the kind's `check`.
 */
import { checkInputs } from "../resources/kit/check";
import { inputsOf, replaceKeysOf, requiredOf, setsOf } from "../resources/kit/declaration";
import type { ShieldZoneDefaults } from "../client/areas/shield-zones";
import type { Kind } from "../resources/kit/registry";
import { declaredDefaults, minimize, OMITTED, type DefaultSpec } from "./defaults";
import { fromAnswer, type Described, type Lookup, type ZoneContext } from "./existing";
import { isOwned, KIND_INPUTS, KIND_ORDER } from "./kinds";
import {
  ProgramReference,
  resolved,
  type ProgramArgument,
  type ProgramModel,
  type ProgramResource,
  type ProgramStatement,
  type ProgramValue,
  type ProgramZone,
} from "./model";
import { Names } from "./names";
import type { ZoneRead } from "./read";

/** What a model is built with. */
export interface ModelOptions {
  /** Declare every value, defaults included. */
  readonly all: boolean;
  /** The project's name. */
  readonly project: string;
  /** OpenAPI documents by shield zone id (the service never shows one back). */
  readonly openApiDocuments: ReadonlyMap<number, string>;
  readonly generator: ProgramModel["generator"];
}

/** The program that declares `zones` as read. */
export function buildModel(
  defaults: ShieldZoneDefaults,
  zones: readonly ZoneRead[],
  options: ModelOptions,
): ProgramModel {
  const files: Record<string, string> = {};
  const ordered = [...zones].sort((a, b) => a.zone.shieldZoneId - b.zone.shieldZoneId);
  const program = ordered.map((read) =>
    zoneProgram(read, defaults, options, ordered.length > 1, files),
  );
  return {
    project: options.project,
    all: options.all,
    generator: options.generator,
    zones: program,
    files,
  };
}

function zoneProgram(
  read: ZoneRead,
  defaults: ShieldZoneDefaults,
  options: ModelOptions,
  several: boolean,
  files: Record<string, string>,
): ProgramZone {
  const tag = several ? `pz${read.pullZoneId}` : "";
  const names = new Names(several ? `${tag}-` : "");
  // The look-ups referred to, by variable, and those of them the statements hold already.
  const lookups = new Map<string, Lookup>();
  const declared = new Set<string>();
  const context: ZoneContext = {
    read,
    defaults,
    names,
    // The id itself, not the ShieldZone's output: in a new stack's first preview that output is
    // unknown, and every resource would then preview without comparing with the live object.
    zone: read.zone.shieldZoneId,
    lookup(lookup, path, value) {
      const variable = several ? `${lookup.variable}${read.pullZoneId}` : lookup.variable;
      lookups.set(variable, lookup);
      return new ProgramReference(
        { type: "lookup", lookup: variable, function: lookup.function, path },
        value,
      );
    },
    file(name, text, lines) {
      files[name] = text;
      return new ProgramReference(
        { type: "file", file: name, lines: lines !== undefined },
        lines ?? text,
      );
    },
    openApiDocument: options.openApiDocuments.get(read.zone.shieldZoneId),
    filePrefix: several ? `${tag}-` : "",
  };

  const statements: ProgramStatement[] = [];
  const atDefaults: string[] = [];
  for (const kind of KIND_ORDER) {
    const part = KIND_INPUTS[kind];
    const description = part.describe(context, context.read.of(part));
    if ("omitted" in description) {
      statements.push({ type: "comment", text: description.omitted });
      continue;
    }
    const first = statements.length;
    const resources = description
      .map((described) => resourceOf(kind, described, options.all))
      .filter((resource): resource is ProgramResource => resource !== undefined);
    if (description.length > 0 && resources.length === 0) atDefaults.push(kind);
    statements.push(...resources);
    // The look-ups this kind's resources refer to first, right before them.
    for (const [variable, lookup] of lookups) {
      if (declared.has(variable)) continue;
      declared.add(variable);
      statements.splice(first, 0, {
        type: "lookup",
        variable,
        function: lookup.function,
        args: { shieldZoneId: context.zone },
      });
    }
  }
  if (atDefaults.length > 0) {
    statements.splice(1, 0, {
      type: "comment",
      text: `At the service's defaults, so not declared (--all declares them): ${atDefaults.join(", ")}.`,
    });
  }
  return {
    shieldZoneId: read.zone.shieldZoneId,
    pullZoneId: read.pullZoneId,
    plan: read.plan,
    statements,
  };
}

const ownDefaults = new Map<Kind, Record<string, DefaultSpec>>();
/** What an owned kind gives each input left out, worked out once per kind. */
function declaredDefaultsOf(kind: Kind): Record<string, DefaultSpec> {
  let defaults = ownDefaults.get(kind);
  if (!defaults) {
    defaults = declaredDefaults(KIND_INPUTS[kind].declaration, KIND_INPUTS[kind].inputs);
    ownDefaults.set(kind, defaults);
  }
  return defaults;
}

/** The value of one input as the kind's schema normalizes it; a value it refuses is kept as read. */
function normalizedInput(kind: Kind, input: string, raw: unknown): unknown {
  if (raw instanceof ProgramReference) return raw;
  const field = KIND_INPUTS[kind].inputs.fields[input]!;
  const candidate = fromAnswer(raw, field);
  const parsed = field.safeParse(candidate);
  return parsed.success ? parsed.data : candidate;
}

/**
 * The resource declaring `described`, an object of `kind`, or undefined when, but for the keys
 * naming it, all of it is at the service's defaults (and it is neither the zone nor an object
 * Pulumi would own).
 */
function resourceOf(kind: Kind, described: Described, all: boolean): ProgramResource | undefined {
  const { declaration, inputs } = KIND_INPUTS[kind];
  // An object Pulumi would own is declared whatever its values, taken over by its natural key
  // (`adoptExisting`), and compared with what its kind gives an input left out.
  const owned = isOwned(kind);
  const raw: Record<string, unknown> = owned
    ? { ...described.raw, adoptExisting: true }
    : described.raw;
  const defaults = owned ? declaredDefaultsOf(kind) : (described.defaults ?? {});
  const keys = replaceKeysOf(declaration);
  const required = requiredOf(declaration);
  const sets = setsOf(declaration);
  const args: ProgramArgument[] = [];
  // The declaration's order, but `adoptExisting` last: it says how the program takes the object.
  const order = Object.keys(inputsOf(declaration)).sort(
    (a, b) => Number(a === "adoptExisting") - Number(b === "adoptExisting"),
  );
  for (const name of order) {
    if (raw[name] === undefined || raw[name] === null) continue;
    let value = normalizedInput(kind, name, raw[name]);
    if (value === undefined) continue;
    if (!all && !keys.includes(name) && !(value instanceof ProgramReference)) {
      const left = minimize(value, defaults[name], sets.includes(name));
      // A required input stays, whole; the others go when at their defaults.
      if (left === OMITTED && !required.includes(name)) continue;
      if (left !== OMITTED) value = left;
    }
    args.push({
      name,
      value: value as ProgramValue,
      comments: described.argumentComments?.[name] ?? [],
    });
  }
  if (!all && !owned && !described.always && args.every((a) => keys.includes(a.name))) {
    return undefined;
  }
  const check = checkInputs(
    kind,
    inputs,
    Object.fromEntries(args.map((a) => [a.name, resolved(a.value)])),
  );
  const refused = (check.failures ?? []).map(
    (f) =>
      `As read, check refuses this: ${f.reason} Fix it here, or on the service, before \`pulumi up\`.`,
  );
  return {
    type: "resource",
    kind,
    name: described.name,
    args,
    comments: [...(described.comments ?? []), ...refused],
  };
}
