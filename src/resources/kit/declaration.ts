/**
 * A kind declared once: its inputs and outputs with the documentation and types a user sees,
 * which inputs replace the resource, which are sets, and which outputs the resource id names.
 * Each property's type is the zod schema that validates it (an input) or describes it (an
 * output), read as data by `shapeOf`. The kind's `resource.ts` (its `Args` type and class), the
 * Inputs and Outputs tables of its docs page and its part of `schema.json` are generated from
 * the declaration (`npm run generate`), and `check` validates with the same schemas, so that
 * check, diff, the public types, the docs, the package schema and the preview rule cannot
 * disagree.
 */
import { z } from "zod";
import { choiceInput, zoneIdInput, zoneIdOutput } from "./fields";
import { shapeOf, stateSchemaOf } from "./shape";

/** One input: what the `Args` interface says of it, and how check and diff treat it. */
export interface InputDeclaration {
  /**
   * What `check` accepts, and so its type: a schema from `kit/fields.ts` (its description says
   * what a valid value looks like, in a CheckFailure; its JSON Schema is the type).
   */
  readonly schema: z.ZodType;
  /** Its TSDoc: what a user reads in the editor. */
  readonly doc: string;
  /** It must be given. */
  readonly required?: true;
  /** Changing it replaces the resource. */
  readonly replaces?: true;
  /** A list (at any depth) whose order and repeats carry no meaning: compared as a set. */
  readonly set?: true;
  /** Its row in the docs page's Inputs table (markdown). */
  readonly docs: {
    /** The type column, where words say more than the type (`"ISO 8601 time"`). */
    readonly type?: string;
    /** What an omitted input means; "none" when not given, "required" for a required one. */
    readonly default?: string;
    readonly text: string;
  };
}

/** One output: what the class declares of it. */
export interface OutputDeclaration {
  /** Its values as state holds them, as a zod schema (read as data: nothing validates with it). */
  readonly type: z.ZodType;
  /** Its TSDoc. */
  readonly doc: string;
  /**
   * It identifies the object and is part `fromId` of the resource id (numbers joined by `/`):
   * read from the id, it is known in the preview of an update (see `deriveIdentity`).
   */
  readonly fromId?: number;
  /**
   * For an output that is neither an input nor a part of the id, the inputs whose change can
   * change it (`[]`: no update does): an update changing none of them keeps it, so a preview
   * shows its value instead of `[unknown]` (the provider plugin's previews).
   */
  readonly from?: readonly string[];
  /** Its row in the docs page's Outputs table; none for an output that repeats an input (see `outputsRow`). */
  readonly docs?: { readonly type?: string; readonly text: string };
}

/** Everything the generated `resource.ts` and the kind's checks come from. */
export interface KindDeclaration {
  /** The resource's type name under the `bunnynet` module: the class's name. */
  readonly kind: string;
  /** The generated file's first line: what the kind is. */
  readonly summary: string;
  /** The class's TSDoc (without the comment markers). */
  readonly doc: string;
  /** The `Args` interface's TSDoc; default "Arguments of {@link Kind}." */
  readonly argsDoc?: string;
  /** An interface the `Args` extend, with the module that declares it and its own inputs. */
  readonly base?: {
    readonly args: string;
    readonly from: string;
    readonly inputs: Readonly<Record<string, InputDeclaration>>;
  };
  /** The kind's own inputs, in the order the `Args` list them. */
  readonly inputs: Readonly<Record<string, InputDeclaration>>;
  /** Every output, in the order the class declares them. */
  readonly outputs: Readonly<Record<string, OutputDeclaration>>;
  /** The Outputs table's one row for the outputs without a row of their own. */
  readonly outputsRow?: { readonly name: string; readonly type: string; readonly text: string };
}

/** The zone an object belongs to, as most kinds output it. */
export const zoneOutput = {
  type: zoneIdOutput,
  doc: "The shield zone.",
  docs: { text: "The zone." },
} as const satisfies OutputDeclaration;

/** The key of settings that exist once per zone. */
export const zoneKeyInput = {
  schema: zoneIdInput,
  doc: "The shield zone. Changing it replaces the resource.",
  required: true,
  replaces: true,
  docs: { text: "The shield zone (1 to 2147483647). Changing it replaces." },
} as const satisfies InputDeclaration;

/** What an adopted kind's delete does, as it outputs it. */
export const onDeleteOutput = {
  type: z.string(),
  doc: "What deleting the resource does on the service.",
  docs: { text: "What destroying the resource does." },
} as const satisfies OutputDeclaration;

/** What deleting an adopted kind that puts back what Pulumi managed, or keeps it, does. */
export const RESTORE_OR_KEEP = ["restore", "keep"] as const;

/**
 * The `onDelete` input of an adopted kind that either puts back what Pulumi managed or keeps it.
 * @param managed - what `"restore"` puts back ("the settings")
 */
export const restoreOrKeepInput = (managed: string) =>
  ({
    schema: choiceInput(RESTORE_OR_KEEP, "OnDelete"),
    doc: `What deleting the resource does: \`"restore"\` (default) puts back ${managed}
Pulumi managed as they were before it adopted them; \`"keep"\` leaves them.`,
    docs: {
      default: '`"restore"`',
      text: "What destroying the resource does on the service.",
    },
  }) as const satisfies InputDeclaration;

/**
 * The `priors` output of an adopted kind that keeps them as one object of settings.
 * @param text - its docs row: which settings it holds
 */
export const settingsPriorsOutput = (text: string) =>
  ({
    type: z.record(z.string(), z.unknown()),
    doc: "The values before Pulumi's first write of the settings it manages.",
    docs: { text },
  }) as const satisfies OutputDeclaration;

/**
 * The output of an adopted setting: input `input`'s value as the service reports it (an enum
 * by name), or null when the service sends none; its type follows from the input's schema.
 * @param doc - its TSDoc
 * @param text - its docs row, when it says more than `doc`
 */
export const settingOutput = (
  input: InputDeclaration,
  doc: string,
  text: string = doc,
): OutputDeclaration => ({
  type: stateSchemaOf(shapeOf(input.schema)).nullable(),
  doc,
  docs: { text },
});

/** Every input of a kind: its base's, then its own. */
export const inputsOf = (declaration: KindDeclaration): Record<string, InputDeclaration> => ({
  ...declaration.base?.inputs,
  ...declaration.inputs,
});

const namesWhere = (
  declaration: KindDeclaration,
  test: (input: InputDeclaration) => boolean | undefined,
): string[] =>
  Object.entries(inputsOf(declaration))
    .filter(([, input]) => test(input))
    .map(([name]) => name);

/** The inputs that must be given. */
export const requiredOf = (declaration: KindDeclaration): string[] =>
  namesWhere(declaration, (input) => input.required);

/** The inputs compared as sets. */
export const setsOf = (declaration: KindDeclaration): string[] =>
  namesWhere(declaration, (input) => input.set);

/** The inputs whose change replaces the resource. */
export const replaceKeysOf = (declaration: KindDeclaration): string[] =>
  namesWhere(declaration, (input) => input.replaces);

/**
 * The outputs the arguments may lack (output-only ones and optional inputs), which the class
 * registers as `undefined` so that the engine exposes them.
 */
export const registeredOutputsOf = (declaration: KindDeclaration): string[] => {
  const required = new Set(requiredOf(declaration));
  return Object.keys(declaration.outputs).filter((name) => !required.has(name));
};

/**
 * The outputs computed by the service (neither inputs, nor parts of the id, nor `priors`), each
 * with the inputs it comes from (`from`); undefined where a declaration does not say.
 */
export const computedOutputsOf = (
  declaration: KindDeclaration,
): Record<string, readonly string[] | undefined> => {
  const inputs = inputsOf(declaration);
  return Object.fromEntries(
    Object.entries(declaration.outputs)
      .filter(
        ([name, output]) => !(name in inputs) && output.fromId === undefined && name !== "priors",
      )
      .map(([name, output]) => [name, output.from]),
  );
};

/** The outputs read from the resource id, by the index of their part of it. */
export const identityOf = (declaration: KindDeclaration): Record<string, number> =>
  Object.fromEntries(
    Object.entries(declaration.outputs)
      .filter(([, output]) => output.fromId !== undefined)
      .map(([name, output]) => [name, output.fromId!]),
  );

/** Declares a kind; the identity function that types it (`as const` keeps the names). */
export const declareKind = <const D extends KindDeclaration>(declaration: D): D => declaration;
