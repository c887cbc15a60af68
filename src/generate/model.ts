/**
 * The program a generation produces, before any language: zones, each with its resources (a
 * kind, a name, arguments in the order the kind's declaration gives its inputs) and look-ups,
 * comments where a value needs one, and the files beside the program. An emitter turns it into
 * the files of one language: TypeScript on the dynamic resources (`typescript/emit.ts`), and
 * YAML, Python and Go on the provider plugin (`yaml/`, `python/`, `go/`).
 */
import type { Kind } from "../resources/kit/registry";

/**
 * What an argument stands for when it is not a literal: another resource's output, part of a
 * data function's result, or a file beside the program. It carries the value it stands for as
 * read, so that checks and comparisons see the real value.
 */
export class ProgramReference {
  constructor(
    readonly target:
      | {
          readonly type: "lookup";
          /** The look-up's variable, and the data function it calls (`getAccessLists`). */
          readonly lookup: string;
          readonly function: string;
          readonly path: readonly string[];
        }
      | { readonly type: "file"; readonly file: string; readonly lines?: boolean },
    /** The value as read. */
    readonly value: unknown,
  ) {}
}

/** An argument's value: JSON, with references anywhere in it. */
export type ProgramValue =
  | null
  | boolean
  | number
  | string
  | ProgramReference
  | readonly ProgramValue[]
  | { readonly [key: string]: ProgramValue };

/** One argument of a resource, with the comments it needs. */
export interface ProgramArgument {
  readonly name: string;
  readonly value: ProgramValue;
  readonly comments: readonly string[];
}

/** One resource of the program. */
export interface ProgramResource {
  readonly type: "resource";
  readonly kind: Kind;
  /** Its Pulumi name: unique in the program, derived from the object's own name. */
  readonly name: string;
  readonly args: readonly ProgramArgument[];
  readonly comments: readonly string[];
}

/** A data function's result that arguments refer to (a zone's access lists). */
export interface ProgramLookup {
  readonly type: "lookup";
  /** Its id, which references name, and a variable name for it. */
  readonly variable: string;
  /** The function, e.g. `getAccessLists`. */
  readonly function: string;
  readonly args: Readonly<Record<string, ProgramValue>>;
}

/** A comment standing alone between statements. */
export interface ProgramComment {
  readonly type: "comment";
  readonly text: string;
}

/** A statement of the program. */
export type ProgramStatement = ProgramResource | ProgramLookup | ProgramComment;

/** One zone's statements. */
export interface ProgramZone {
  /** The zone's shield zone id and pull zone id. */
  readonly shieldZoneId: number;
  readonly pullZoneId: number;
  /** Its plan by name. */
  readonly plan: string;
  readonly statements: readonly ProgramStatement[];
}

/** A whole program, in no language yet. */
export interface ProgramModel {
  /** The project's name (package.json, Pulumi.yaml). */
  readonly project: string;
  /** True when every value was declared, defaults included (`--all`). */
  readonly all: boolean;
  /** The generator's package and version, named in the program's header. */
  readonly generator: { readonly name: string; readonly version: string };
  readonly zones: readonly ProgramZone[];
  /** Files beside the program (pages' HTML, OpenAPI documents, long lists), by name. */
  readonly files: Readonly<Record<string, string>>;
}

/** The value `value` stands for: references replaced by what they refer to. */
export function resolved(value: ProgramValue): unknown {
  if (value instanceof ProgramReference) return value.value;
  if (Array.isArray(value)) return value.map(resolved);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, ProgramValue>).map(([k, v]) => [k, resolved(v)]),
    );
  }
  return value;
}
