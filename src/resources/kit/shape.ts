/**
 * A property's type as data (its {@link Shape}), read from the zod schema that validates it
 * (an input) or describes it (an output): the public `Args` and output types, the docs tables
 * and the package schema are all written from it, so none of them can disagree with `check`.
 */
import { z } from "zod";

/** The names and numbers of an enum, under the name the public types and the schema give it. */
export interface EnumShape {
  readonly kind: "enum";
  /** Its name (`UploadScanningMode`): the TypeScript type is `<name>Name`, the schema type `<name>`. */
  readonly name: string;
  /** Each name and the number the service uses for it (a text enum maps each name to itself). */
  readonly values: Readonly<Record<string, number | string>>;
  /**
   * Typed as any text too: a text enum taken in any case, or an enum that programs typed before
   * as `string` (check still refuses what is not a name).
   */
  readonly anyText?: true;
}

/** An object type's property. */
export interface PropertyShape {
  readonly shape: Shape;
  readonly required: boolean;
  /** Its documentation, when the schema gives one (`.meta({ doc })`). */
  readonly doc?: string;
}

/** A named object type, shared by every property that uses it. */
export interface ObjectShape {
  readonly kind: "object";
  /** Its name (`RuleCondition`); an object without one is written inline. */
  readonly name?: string;
  /** The TypeScript name of it as an input, when not `<name>Args` (a name already public). */
  readonly inputName?: string;
  readonly doc?: string;
  readonly properties: Readonly<Record<string, PropertyShape>>;
}

/** A property's type: what the `Args`, the outputs, the docs and `schema.json` are written from. */
export type Shape =
  | { readonly kind: "string" | "integer" | "number" | "boolean" | "any" }
  | EnumShape
  | { readonly kind: "array"; readonly items: Shape }
  | {
      readonly kind: "map";
      readonly values: Shape;
      /** The enum naming its keys (`z.record(z.string().meta(enumMeta(…)), …)`), when one does. */
      readonly keys?: EnumShape;
    }
  | ObjectShape
  | { readonly kind: "union"; readonly of: readonly Shape[] }
  | { readonly kind: "nullable"; readonly of: Shape };

/** What {@link enumMeta} puts in a schema's metadata (and so in its JSON Schema). */
const ENUM_KEY = "shieldEnum";

/**
 * Metadata naming the enum a schema takes (`z.enum(…).meta(enumMeta("X", values))`), which
 * the JSON Schema of the value keeps: the names (and numbers) become an enum type.
 */
export const enumMeta = (
  name: string,
  values: Readonly<Record<string, number | string>>,
  options: EnumOptions = {},
) => ({ [ENUM_KEY]: { name, values, ...options } });

/** How an enum is typed beyond its names. */
export type EnumOptions = Pick<EnumShape, "anyText">;

/** Metadata naming an object type (`z.object(…).meta(objectMeta("X", "doc"))`). */
export const objectMeta = (name: string, doc: string, options: { inputName?: string } = {}) => ({
  id: name,
  doc,
  ...options,
});

type JsonSchema = {
  type?: string | string[];
  $ref?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  id?: string;
  inputName?: string;
  doc?: string;
  [ENUM_KEY]?: Omit<EnumShape, "kind">;
};

/**
 * The shape of the values `schema` takes (`io: "input"`, what a program may give) or gives
 * (`"output"`). Throws on a schema whose values have no shape here (a tuple, say), naming it.
 */
export function shapeOf(schema: z.ZodType, io: "input" | "output" = "input"): Shape {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema & {
    $defs?: Record<string, JsonSchema>;
  };
  return fromJson(json, json.$defs ?? {});
}

function fromJson(json: JsonSchema, defs: Record<string, JsonSchema>): Shape {
  if (json.$ref) {
    const name = json.$ref.replace(/^#\/\$defs\//, "");
    const target = defs[name];
    if (!target) throw new Error(`shapeOf: no definition ${name}`);
    return fromJson({ id: name, ...target }, defs);
  }
  const named = json[ENUM_KEY];
  if (named) return { kind: "enum", ...named };
  const alternatives = json.anyOf ?? json.oneOf;
  if (alternatives) return unionOf(alternatives.map((a) => fromJson(a, defs)));
  if (Array.isArray(json.type)) {
    return unionOf(json.type.map((type) => fromJson({ ...json, type }, defs)));
  }
  switch (json.type) {
    case "null":
      return { kind: "nullable", of: { kind: "any" } };
    case "string":
    case "integer":
    case "number":
    case "boolean":
      return { kind: json.type };
    case "array":
      return { kind: "array", items: json.items ? fromJson(json.items, defs) : { kind: "any" } };
    case "object": {
      if (json.properties && Object.keys(json.properties).length > 0) {
        const required = new Set(json.required ?? []);
        const properties = Object.fromEntries(
          Object.entries(json.properties).map(([name, property]) => [
            name,
            {
              shape: fromJson(property, defs),
              required: required.has(name),
              ...(property.doc ? { doc: property.doc } : {}),
            },
          ]),
        );
        return {
          kind: "object",
          ...(json.id ? { name: json.id } : {}),
          ...(json.inputName ? { inputName: json.inputName } : {}),
          ...(json.doc ? { doc: json.doc } : {}),
          properties,
        };
      }
      const values = json.additionalProperties;
      const keys = json.propertyNames && fromJson(json.propertyNames, defs);
      return {
        kind: "map",
        values: typeof values === "object" ? fromJson(values, defs) : { kind: "any" },
        ...(keys?.kind === "enum" ? { keys } : {}),
      };
    }
    default:
      return { kind: "any" };
  }
}

/** `null` among alternatives makes the rest nullable; one alternative left is itself. */
function unionOf(shapes: readonly Shape[]): Shape {
  const nullable = shapes.some((s) => s.kind === "nullable" && s.of.kind === "any");
  const rest = shapes.filter((s) => !(s.kind === "nullable" && s.of.kind === "any"));
  // An enum taking its names or its numbers is one enum: the number is how the service sends it.
  const enumeration = rest.find((s) => s.kind === "enum");
  const merged =
    enumeration &&
    rest.every((s) => s === enumeration || s.kind === "integer" || s.kind === "string")
      ? [enumeration]
      : rest;
  const one: Shape = merged.length === 1 ? merged[0]! : { kind: "union", of: merged };
  return nullable ? { kind: "nullable", of: one } : one;
}

/**
 * A zod schema of the values state holds for a property of `shape`: an enum by its name (or,
 * for a number this version does not name, the number's text), the rest as they are. What an
 * output that reports an input's setting is declared with, so that its type is not written twice.
 */
export function stateSchemaOf(shape: Shape): z.ZodType {
  switch (shape.kind) {
    case "string":
    case "enum":
      return z.string();
    case "integer":
      return z.number().int();
    case "number":
      return z.number();
    case "boolean":
      return z.boolean();
    case "any":
      return z.unknown();
    case "nullable":
      return stateSchemaOf(shape.of).nullable();
    case "array":
      return z.array(stateSchemaOf(shape.items));
    case "map":
      return z.record(z.string(), stateSchemaOf(shape.values));
    case "union":
      return z.union(shape.of.map(stateSchemaOf) as [z.ZodType, z.ZodType, ...z.ZodType[]]);
    case "object":
      return z.object(
        Object.fromEntries(
          Object.entries(shape.properties).map(([name, property]) => {
            const schema = stateSchemaOf(property.shape);
            return [name, property.required ? schema : schema.optional()];
          }),
        ),
      );
  }
}
