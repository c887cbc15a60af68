/**
 * `schema.json`, the Pulumi package schema of `bunnynet-shield`, from the same sources as the
 * rest: each resource from its kind's declaration (the shapes of its schemas), each data
 * function from its TypeScript signature (read with the compiler), the provider's configuration
 * from `src/config.ts`'s settings. The SDKs under `sdk/` are generated from it
 * (`scripts/sdk.sh`); `npm run generate` writes it and `-- --check` fails when it is stale.
 */
import * as path from "node:path";
import * as ts from "typescript";
import { inputsOf, requiredOf, type KindDeclaration } from "../src/resources/kit/declaration";
import {
  shapeOf,
  type ObjectShape,
  type PropertyShape,
  type Shape,
} from "../src/resources/kit/shape";

const ROOT = path.resolve(__dirname, "..");
/** The package's name: apart from the bridged Terraform provider's `bunnynet`. */
export const PACKAGE = "bunnynet-shield";
const token = (name: string) => `${PACKAGE}:index:${name}`;

type Spec = Record<string, unknown>;

/** Where named types are collected while properties are written. */
class Types {
  readonly specs = new Map<string, Spec>();

  /** The type spec of `shape`; `hint` names an anonymous object (`ApiGuardianEndpointSettings`). */
  spec(shape: Shape, hint: string): Spec {
    switch (shape.kind) {
      case "string":
      case "integer":
      case "number":
      case "boolean":
        return { type: shape.kind };
      case "any":
        return { $ref: "pulumi.json#/Any" };
      case "nullable":
        return this.spec(shape.of, hint);
      case "array":
        return { type: "array", items: this.spec(shape.items, hint) };
      case "map":
        return { type: "object", additionalProperties: this.spec(shape.values, hint) };
      case "union":
        return { oneOf: shape.of.map((s, i) => this.spec(s, `${hint}${i}`)) };
      case "enum": {
        const numbers = Object.entries(shape.values).some(([name, value]) => name !== value);
        const ref = this.define(shape.name, {
          type: "string",
          description: `A name of ${shape.name}${numbers ? " (inputs also take its number)" : ""}.`,
          enum: Object.entries(shape.values).map(([name, value]) => ({
            name: identifier(name),
            value: name,
            ...(numbers ? { description: `${name} (${value})` } : {}),
          })),
        });
        return shape.anyText ? { oneOf: [ref, { type: "string" }] } : ref;
      }
      case "object": {
        const name = shape.name ?? hint;
        return this.define(name, {
          type: "object",
          ...(shape.doc ? { description: shape.doc } : {}),
          properties: this.properties(shape.properties, name),
          required: Object.keys(shape.properties).filter((p) => shape.properties[p]!.required),
        });
      }
    }
  }

  properties(properties: Readonly<Record<string, PropertyShape>>, owner: string): Spec {
    return Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [
        name,
        {
          ...this.spec(property.shape, owner + capitalized(name)),
          ...(property.doc ? { description: property.doc } : {}),
        },
      ]),
    );
  }

  /**
   * Defines type `name`, or, when a different type has that name already (a function's result
   * type named like a resource's input type), `<name>Result`; returns the reference to it.
   */
  private define(name: string, spec: Spec): Spec {
    for (const candidate of [name, `${name}Result`]) {
      const seen = this.specs.get(token(candidate));
      if (!seen || JSON.stringify(seen) === JSON.stringify(spec)) {
        this.specs.set(token(candidate), spec);
        return { $ref: `#/types/${token(candidate)}` };
      }
    }
    throw new Error(`schema.json: the type ${name} is declared three times, differently`);
  }
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/**
 * An enum member's name in the SDKs: letters and digits, starting with a letter. A name in
 * capitals of several words (`REQUEST_URI`) keeps its words apart as `RequestUri`, which each
 * generator spells its own way (Python `REQUEST_URI`, Go `WafRuleVariableRequestUri`); joined as
 * they are, they would read `REQUESTURI`.
 */
export const identifier = (name: string): string => {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const capitals = words.length > 1 && name === name.toUpperCase();
  const joined = words.map((word) => capitalized(capitals ? word.toLowerCase() : word)).join("");
  return /^[A-Za-z]/.test(joined) ? joined : `Value${joined}`;
};

/**
 * A kind's description as the schema carries it: its TSDoc `@example` (TypeScript, which the
 * plugin's Node.js SDK takes as it is) as an example of the schema's examples section, its
 * heading inside it. Each SDK's generator keeps the examples that have code in its language and
 * drops the others whole; a bare `@example` reached every SDK with its code stripped and the
 * tag left dangling.
 */
export function schemaDescription(doc: string): string {
  const [text, ...examples] = doc.split(/^@example\n/m);
  if (examples.length === 0) return doc;
  const sections = examples.map((example) => {
    const code = /^```(?:ts|typescript)\n([\s\S]*?)^```/m.exec(example);
    if (!code)
      throw new Error(`schema.json: an @example that is not a TypeScript block: ${example}`);
    return `{{% example %}}\n### Example Usage\n\n\`\`\`typescript\n${code[1]}\`\`\`\n{{% /example %}}`;
  });
  return `${text!.trimEnd()}\n\n{{% examples %}}\n${sections.join("\n")}\n{{% /examples %}}`;
}

function resourceSpec(declaration: KindDeclaration, types: Types): Spec {
  const inputs = inputsOf(declaration);
  const inputProperties = Object.fromEntries(
    Object.entries(inputs).map(([name, input]) => [
      name,
      {
        ...types.spec(shapeOf(input.schema), declaration.kind + capitalized(name)),
        description: input.doc,
        ...(input.replaces ? { replaceOnChanges: true } : {}),
      },
    ]),
  );
  const properties = Object.fromEntries(
    Object.entries(declaration.outputs).map(([name, output]) => [
      name,
      {
        ...types.spec(shapeOf(output.type, "output"), declaration.kind + capitalized(name)),
        description: output.doc,
      },
    ]),
  );
  const required = requiredOf(declaration);
  return {
    description: schemaDescription(declaration.doc),
    inputProperties,
    requiredInputs: required,
    properties,
    required: Object.keys(declaration.outputs).filter(
      (name) => required.includes(name) || declaration.outputs[name]!.fromId !== undefined,
    ),
  };
}

/** The shape of a TypeScript type, as the data functions' signatures give it. */
function typeShape(checker: ts.TypeChecker, type: ts.Type, seen: Set<ts.Type>): Shape {
  if (type.flags & ts.TypeFlags.Any || type.flags & ts.TypeFlags.Unknown) return { kind: "any" };
  // src/functions/common.ts's `Integer`: what a signature cannot otherwise say.
  if (type.aliasSymbol?.name === "Integer") return { kind: "integer" };
  if (type.flags & ts.TypeFlags.NumberLike) return { kind: "number" };
  if (type.flags & ts.TypeFlags.BooleanLike) return { kind: "boolean" };
  if (type.flags & ts.TypeFlags.StringLiteral) return { kind: "string" };
  if (type.flags & ts.TypeFlags.String) return { kind: "string" };
  // `string & {}` (a text suggesting some names): a text.
  if (type.isIntersection() && type.types.some((t) => t.flags & ts.TypeFlags.String)) {
    return { kind: "string" };
  }
  if (type.isUnion()) {
    // pulumi.Input<T> is T | Promise<T> | Output<T>: the value is T.
    const parts = type.types.filter(
      (t) =>
        !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) &&
        !["Promise", "OutputInstance", "Output"].includes(t.getSymbol()?.name ?? ""),
    );
    const nullable = parts.some((t) => t.flags & ts.TypeFlags.Null);
    const rest = parts.filter((t) => !(t.flags & ts.TypeFlags.Null));
    let shape: Shape;
    if (rest.length > 0 && rest.every((t) => t.isStringLiteral())) {
      const alias = type.aliasSymbol?.name;
      shape = alias
        ? {
            kind: "enum",
            name: alias.replace(/Name$/, ""),
            values: Object.fromEntries(
              rest.map((t) => [
                (t as ts.StringLiteralType).value,
                (t as ts.StringLiteralType).value,
              ]),
            ),
          }
        : { kind: "string" };
    } else if (
      rest.length > 1 &&
      rest.every((t) => t.flags & ts.TypeFlags.Object && !checker.isArrayType(t))
    ) {
      // One of several argument objects ({ shieldZoneId } | { pullZoneId }): every member optional.
      const properties: Record<string, PropertyShape> = {};
      for (const part of rest) {
        const object = typeShape(checker, part, seen);
        if (object.kind !== "object") continue;
        for (const [name, property] of Object.entries(object.properties)) {
          properties[name] = { ...property, required: false };
        }
      }
      shape = { kind: "object", properties };
    } else if (rest.every((t) => t.flags & ts.TypeFlags.BooleanLiteral)) {
      shape = { kind: "boolean" };
    } else if (rest.length === 1) {
      shape = typeShape(checker, rest[0]!, seen);
    } else {
      const shapes = rest.map((t) => typeShape(checker, t, seen));
      const distinct = shapes.filter(
        (one, i) =>
          shapes.findIndex((other) => JSON.stringify(other) === JSON.stringify(one)) === i,
      );
      shape = distinct.length === 1 ? distinct[0]! : { kind: "union", of: distinct };
    }
    return nullable ? { kind: "nullable", of: shape } : shape;
  }
  if (checker.isArrayType(type) || checker.isTupleType(type)) {
    const [element] = checker.getTypeArguments(type as ts.TypeReference);
    return { kind: "array", items: element ? typeShape(checker, element, seen) : { kind: "any" } };
  }
  // A Date travels as its ISO 8601 text.
  if (type.getSymbol()?.name === "Date") return { kind: "string" };
  if (type.flags & ts.TypeFlags.Object || type.isIntersection()) {
    const index = checker.getIndexInfoOfType(type, ts.IndexKind.String);
    const members = checker
      .getPropertiesOfType(type)
      .filter((member) => checker.getTypeOfSymbol(member).getCallSignatures().length === 0);
    if (index && members.length === 0) {
      return { kind: "map", values: typeShape(checker, index.type, seen) };
    }
    if (seen.has(type))
      throw new Error(`schema.json: ${checker.typeToString(type)} refers to itself`);
    seen.add(type);
    // A named interface or alias; a generic one (Pick<…>, Omit<…>) names no type of its own.
    const alias = type.aliasTypeArguments ? undefined : type.aliasSymbol?.name;
    const symbol = type.getSymbol();
    const name =
      alias ?? (symbol && symbol.flags & ts.SymbolFlags.Interface ? symbol.name : undefined);
    const properties = Object.fromEntries(
      members.map((member) => {
        const memberType = checker.getTypeOfSymbol(member);
        const doc = ts.displayPartsToString(member.getDocumentationComment(checker));
        return [
          member.name,
          {
            shape: typeShape(checker, memberType, seen),
            required: !(member.flags & ts.SymbolFlags.Optional),
            ...(doc ? { doc } : {}),
          },
        ];
      }),
    );
    seen.delete(type);
    const doc =
      type.getSymbol() &&
      ts.displayPartsToString(type.getSymbol()!.getDocumentationComment(checker));
    return {
      kind: "object",
      ...(name ? { name } : {}),
      ...(doc ? { doc } : {}),
      properties,
    };
  }
  return { kind: "any" };
}

/** Every data function `src/functions/index.ts` exports with an `…Output` twin, by name. */
function functionSpecs(types: Types): Record<string, Spec> {
  const entry = path.join(ROOT, "src/functions/index.ts");
  const program = ts.createProgram([entry], { strict: true, noEmit: true, skipLibCheck: true });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
  const exported = new Map(checker.getExportsOfModule(module).map((s) => [s.name, s]));
  const specs: Record<string, Spec> = {};
  for (const [name, symbol] of [...exported].sort(([a], [b]) => a.localeCompare(b))) {
    if (!exported.has(`${name}Output`)) continue;
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    const [signature] = checker.getSignaturesOfType(
      checker.getTypeOfSymbol(target),
      ts.SignatureKind.Call,
    );
    if (!signature) continue;
    const [args] = signature.getParameters();
    const result = checker.getAwaitedType(signature.getReturnType());
    if (!args || !result) continue;
    const taken = typeShape(checker, checker.getTypeOfSymbol(args), new Set());
    // `Record<string, never>`: a function that takes nothing.
    const argsShape: ObjectShape =
      taken.kind === "map" ? { kind: "object", properties: {} } : (taken as ObjectShape);
    const resultShape = typeShape(checker, result, new Set());
    if (argsShape.kind !== "object" || resultShape.kind !== "object") {
      throw new Error(`schema.json: ${name} takes or gives no object`);
    }
    const hint = capitalized(name);
    specs[token(name)] = {
      description: ts.displayPartsToString(target.getDocumentationComment(checker)),
      inputs: {
        properties: types.properties(argsShape.properties, `${hint}Args`),
        required: Object.keys(argsShape.properties).filter(
          (p) => argsShape.properties[p]!.required,
        ),
      },
      outputs: {
        properties: types.properties(resultShape.properties, `${hint}Result`),
        required: Object.keys(resultShape.properties).filter(
          (p) => resultShape.properties[p]!.required,
        ),
      },
    };
  }
  return specs;
}

/** The provider's settings, as `bunnynet:` configuration and as the provider's inputs. */
const CONFIG = {
  apiKey: {
    type: "string",
    secret: true,
    description:
      "The account's main API key; or the environment variable `BUNNYNET_API_KEY` (preferred in CI: then it is in no state).",
  },
  apiUrl: {
    type: "string",
    description:
      "The API's address; default `https://api.bunny.net`, or `BUNNYNET_API_URL`. `http://` only to a loopback host, unless `allowInsecureHttp`.",
  },
  allowInsecureHttp: {
    type: "boolean",
    description:
      "Accept an `http://` address whose host is not loopback (the key then travels unencrypted); or `BUNNYNET_ALLOW_INSECURE_HTTP`. Default false.",
  },
} as const;

/** The GitHub repository (`owner/name`) that holds the sources and the releases' plugin archives. */
export const GITHUB = "pulumi-bunnynet-shield/pulumi-bunnynet-shield";
/** The repository's address: the schema's `repository` and `homepage`, and each SDK's. */
export const REPOSITORY = `https://github.com/${GITHUB}`;
/** The package's logo, a path in the repository; `logoUrl` is its address on the main branch. */
export const LOGO = "docs/logo.svg";

/** The package schema of every declared kind and data function. */
export function packageSchema(
  declarations: readonly KindDeclaration[],
  version: string,
): Record<string, unknown> {
  const types = new Types();
  const resources = Object.fromEntries(
    [...declarations]
      .sort((a, b) => a.kind.localeCompare(b.kind))
      .map((declaration) => [token(declaration.kind), resourceSpec(declaration, types)]),
  );
  const functions = functionSpecs(types);
  return {
    name: PACKAGE,
    displayName: "bunny.net Shield",
    description:
      "bunny.net Shield: the settings, rules, lists and pages of its zones, and the data of the whole Shield API.",
    version,
    // The Pulumi Registry reads `category/…` and `kind/…` (native: not bridged from Terraform).
    keywords: ["pulumi", "bunny.net", "shield", "waf", "category/network", "kind/native"],
    publisher: "pulumi-bunnynet-shield",
    homepage: REPOSITORY,
    license: "Apache-2.0",
    repository: REPOSITORY,
    logoUrl: `https://raw.githubusercontent.com/${GITHUB}/main/${LOGO}`,
    pluginDownloadURL: `github://api.github.com/${GITHUB}`,
    meta: { moduleFormat: "(.*)" },
    config: { variables: CONFIG },
    provider: { description: "The provider for bunny.net Shield.", inputProperties: CONFIG },
    resources,
    functions,
    types: Object.fromEntries([...types.specs].sort(([a], [b]) => a.localeCompare(b))),
    language: {
      go: {
        importBasePath: `github.com/${GITHUB}/sdk/go/bunnynetshield`,
        generateResourceContainerTypes: true,
        respectSchemaVersion: true,
      },
      python: {
        packageName: "pulumi_bunnynet_shield",
        respectSchemaVersion: true,
        pyproject: { enabled: true },
        requires: { pulumi: ">=3.248.0,<4.0.0" },
      },
      nodejs: {
        packageName: "pulumi-bunnynet-shield-sdk",
        respectSchemaVersion: true,
        dependencies: { "@pulumi/pulumi": "~3.248.0" },
        devDependencies: { typescript: "~5.9.0", "@types/node": "^20.0.0" },
      },
    },
  };
}
