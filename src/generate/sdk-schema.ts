/**
 * The package schema (`schema.json`, from which `sdk/` is generated) as types a printer of the
 * provider plugin's languages reads: what each input of a kind is (an enum and its members, an
 * object type and its properties, a list, a map, a union), what a data function returns, and the
 * package's names in each language. The printers write what the SDKs define because they read
 * it from the schema the SDKs come from.
 */
import { schemaJson } from "../plugin/package-info";

/** A member of an enum: its name in the schema and the value it stands for. */
export interface EnumMember {
  readonly name: string;
  readonly value: string | number;
}

/** A type of the schema. */
export type SchemaType =
  | { readonly kind: "string" | "integer" | "number" | "boolean" | "any" }
  | {
      readonly kind: "enum";
      /** The type's name, its token's last part (`WafRuleVariable`). */
      readonly name: string;
      readonly members: readonly EnumMember[];
    }
  | {
      readonly kind: "object";
      readonly name: string;
      readonly properties: () => Readonly<Record<string, SchemaType>>;
    }
  | { readonly kind: "array"; readonly items: SchemaType }
  | { readonly kind: "map"; readonly values: SchemaType }
  | { readonly kind: "union"; readonly of: readonly SchemaType[] };

interface JsonType {
  type?: string;
  $ref?: string;
  oneOf?: JsonType[];
  items?: JsonType;
  additionalProperties?: JsonType;
  properties?: Record<string, JsonType>;
  enum?: Array<{ name?: string; value: string | number }>;
}

interface Schema {
  name: string;
  version: string;
  resources: Record<string, { inputProperties: Record<string, JsonType> }>;
  functions: Record<string, { outputs?: JsonType }>;
  types: Record<string, JsonType>;
  language: {
    go: { importBasePath: string };
    python: { packageName: string; requires?: Record<string, string> };
  };
}

let parsed: Schema | undefined;
const schema = (): Schema => (parsed ??= JSON.parse(schemaJson()) as Schema);

/** The package's name, its version, and its SDKs' names, as the schema gives them. */
export interface SdkPackage {
  /** `bunnynet-shield`: the first part of every type token. */
  readonly name: string;
  readonly version: string;
  /** The Python package to import (`pulumi_bunnynet_shield`) and to install. */
  readonly pythonPackage: string;
  /** The range of Pulumi's Python SDK it requires. */
  readonly pythonPulumi: string;
  /** The Go package to import. */
  readonly goImport: string;
  /** The Go module that holds it. */
  readonly goModule: string;
}

/** The {@link SdkPackage} of the schema. */
export function sdkPackage(): SdkPackage {
  const { name, version, language } = schema();
  const goImport = language.go.importBasePath;
  return {
    name,
    version,
    pythonPackage: language.python.packageName,
    pythonPulumi: language.python.requires?.pulumi ?? ">=3.0.0,<4.0.0",
    goImport,
    goModule: goImport.slice(0, goImport.lastIndexOf("/")),
  };
}

const token = (name: string) => `${schema().name}:index:${name}`;

/** The type that `json` describes. */
function typeOf(json: JsonType): SchemaType {
  if (json.$ref) {
    const ref = json.$ref.replace(/^#\/types\//, "");
    const target = schema().types[ref];
    if (!target) throw new Error(`schema.json: no type ${ref}`);
    const name = ref.slice(ref.lastIndexOf(":") + 1);
    if (target.enum) {
      return {
        kind: "enum",
        name,
        members: target.enum.map((m) => ({ name: m.name ?? String(m.value), value: m.value })),
      };
    }
    return objectType(name, target.properties ?? {});
  }
  if (json.oneOf) return { kind: "union", of: json.oneOf.map(typeOf) };
  switch (json.type) {
    case "array":
      return { kind: "array", items: json.items ? typeOf(json.items) : { kind: "any" } };
    case "object":
      if (json.additionalProperties) {
        return { kind: "map", values: typeOf(json.additionalProperties) };
      }
      return { kind: "map", values: { kind: "any" } };
    case "string":
    case "integer":
    case "number":
    case "boolean":
      return { kind: json.type };
    default:
      return { kind: "any" };
  }
}

function objectType(name: string, properties: Record<string, JsonType>): SchemaType {
  let resolved: Record<string, SchemaType> | undefined;
  return {
    kind: "object",
    name,
    properties: () =>
      (resolved ??= Object.fromEntries(
        Object.entries(properties).map(([key, json]) => [key, typeOf(json)]),
      )),
  };
}

/** The type of a kind's input `property`; a name the schema lacks fails, naming it. */
export function inputType(kind: string, property: string): SchemaType {
  const resource = schema().resources[token(kind)];
  const json = resource?.inputProperties[property];
  if (!json) throw new Error(`schema.json has no input ${property} of ${token(kind)}`);
  return typeOf(json);
}

/** What the data function `name` (`getAccessLists`) returns. */
export function functionResult(name: string): SchemaType {
  const fn = schema().functions[token(name)];
  if (!fn) throw new Error(`schema.json has no function ${token(name)}`);
  return objectType(`${name}Result`, fn.outputs?.properties ?? {});
}

/** The type token of a kind (`bunnynet-shield:index:ShieldZone`). */
export const kindToken = (kind: string): string => token(kind);

/** The enum inside `type`, if it is one or a union that holds one. */
export function enumOf(type: SchemaType): Extract<SchemaType, { kind: "enum" }> | undefined {
  if (type.kind === "enum") return type;
  if (type.kind === "union") return type.of.find((t) => t.kind === "enum") as never;
  return undefined;
}

/** The member of `type`'s enum whose value is `value`, if any. */
export function memberOf(type: SchemaType, value: unknown): EnumMember | undefined {
  return enumOf(type)?.members.find((m) => m.value === value);
}

/** The types of the arguments of the data function `name`. */
export function functionInputs(name: string): Readonly<Record<string, SchemaType>> {
  const fn = schema().functions[token(name)] as { inputs?: JsonType } | undefined;
  if (!fn) throw new Error(`schema.json has no function ${token(name)}`);
  const inputs = objectType(`${name}Args`, fn.inputs?.properties ?? {});
  return inputs.kind === "object" ? inputs.properties() : {};
}
