/**
 * Generates each kind's `resource.ts` (its `Args` interface and class, with their TSDoc, and
 * the named enums and objects only it uses) and the Inputs and Outputs tables of its docs page
 * from the kind's `declaration.ts`, `kit/rule-resource.ts` from the rules' shared declaration,
 * `src/resources/types.ts` (the named types more than one kind uses) and `schema.json` (the package schema, `package-schema.ts`), the
 * way Pulumi's SDKs are generated from a schema: a declaration is the one place a kind's
 * inputs and outputs are written, each type as the schema that checks it (`kit/shape.ts`
 * reads it as data), and editor hovers keep their documentation.
 *
 *   npm run generate           writes the files
 *   npm run generate -- --check  fails, naming them, when a file differs from its declaration
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import * as prettier from "prettier";
import { z } from "zod";
import {
  identityOf,
  inputsOf,
  registeredOutputsOf,
  type InputDeclaration,
  type KindDeclaration,
  type OutputDeclaration,
} from "../src/resources/kit/declaration";
import { RULE_INPUTS, RULE_SUMMARY } from "../src/resources/kit/rule-declaration";
import { folderOf, KINDS } from "../src/resources/kit/registry";
import { shapeOf, type EnumShape, type ObjectShape, type Shape } from "../src/resources/kit/shape";
import { packageSchema } from "./package-schema";

const ROOT = path.resolve(__dirname, "..");
const RESOURCES = path.join(ROOT, "src/resources");
const DOCS = path.join(ROOT, "docs/resources");

// A kind's folder, as the registry finds it (the tests take it from here too).
export { folderOf };

const header = (source: string) =>
  `// Generated from ${source} by scripts/generate-resources.ts: edit that, then run \`npm run generate\`.`;

/** A TSDoc comment at `indent`: on one line when the text is one line. */
function tsdoc(text: string, indent = ""): string {
  if (!text.includes("\n")) return `${indent}/** ${text} */`;
  const lines = text.split("\n").map((line) => `${indent} *${line === "" ? "" : ` ${line}`}`);
  return [`${indent}/**`, ...lines, `${indent} */`].join("\n");
}

/** Whether an enum's values are the service's numbers (which inputs take too). */
const numeric = (shape: EnumShape) =>
  Object.values(shape.values).every((value) => typeof value === "number");

/** `shape` as TypeScript text: what a program gives (`input`) or what state holds (`output`). */
export function typeText(shape: Shape, io: "input" | "output"): string {
  const grouped = (inner: Shape) => {
    const text = typeText(inner, io);
    return inner.kind === "union" || inner.kind === "nullable" ? `(${text})` : text;
  };
  switch (shape.kind) {
    case "string":
    case "boolean":
      return shape.kind;
    case "integer":
    case "number":
      return "number";
    case "any":
      return "unknown";
    case "enum": {
      const alternatives = [`${shape.name}Name`];
      if (io === "input" && numeric(shape)) alternatives.push("number");
      if (shape.anyText) alternatives.push("string");
      return alternatives.join(" | ");
    }
    case "array":
      return io === "input"
        ? `pulumi.Input<${typeText(shape.items, io)}>[]`
        : `${grouped(shape.items)}[]`;
    case "map": {
      const value =
        io === "input" ? `pulumi.Input<${typeText(shape.values, io)}>` : typeText(shape.values, io);
      if (!shape.keys) return `Record<string, ${value}>`;
      // Keys an enum names complete in an editor; an anyText enum's keys may be any text too.
      const named = `Partial<Record<${shape.keys.name}Name, ${value}>>`;
      return shape.keys.anyText ? `${named} & Record<string, ${value}>` : named;
    }
    case "object":
      if (shape.name) return io === "input" ? (shape.inputName ?? `${shape.name}Args`) : shape.name;
      return `{ ${propertyLines(shape, io).join(" ")} }`;
    case "union":
      return shape.of.map((s) => typeText(s, io)).join(" | ");
    case "nullable":
      return `${typeText(shape.of, io)} | null`;
  }
}

function propertyLines(shape: ObjectShape, io: "input" | "output", indent = ""): string[] {
  return Object.entries(shape.properties).map(([name, property]) => {
    const type = typeText(property.shape, io);
    const line = `${name}${property.required ? "" : "?"}: ${io === "input" ? `pulumi.Input<${type}>` : type};`;
    return property.doc ? `${tsdoc(property.doc, indent)}\n${indent}${line}` : `${indent}${line}`;
  });
}

function inputLines(inputs: Readonly<Record<string, InputDeclaration>>): string[] {
  return Object.entries(inputs).map(
    ([name, input]) =>
      `${tsdoc(input.doc, "  ")}\n  ${name}${input.required ? "" : "?"}: pulumi.Input<${typeText(shapeOf(input.schema), "input")}>;`,
  );
}

/** The docs tables' type column: an enum's names and numbers, or the type as TypeScript. */
export function docsType(shape: Shape): string {
  if (shape.kind === "nullable" && shape.of.kind !== "enum")
    return `\`${typeText(shape, "output")}\``;
  const inner = shape.kind === "nullable" ? shape.of : shape;
  if (inner.kind !== "enum") return `\`${typeText(shape, "output")}\``;
  const names = Object.keys(inner.values)
    .map((name) => `\`"${name}"\``)
    .join(", ");
  if (!numeric(inner)) return names;
  const numbers = Object.values(inner.values) as number[];
  const [low, high] = [Math.min(...numbers), Math.max(...numbers)];
  const range = high - low + 1 === numbers.length ? `${low}–${high}` : numbers.join(", ");
  return `${names}, or ${range}`;
}

/** Every named type (enums, objects) the declarations' inputs and outputs use, by name. */
export function namedTypes(
  declarations: readonly KindDeclaration[],
): Map<string, { shape: EnumShape | ObjectShape; io: "input" | "output" }> {
  const found = new Map<string, { shape: EnumShape | ObjectShape; io: "input" | "output" }>();
  const visit = (shape: Shape, io: "input" | "output", where: string): void => {
    if (shape.kind === "enum" || (shape.kind === "object" && shape.name)) {
      const name = shape.kind === "enum" ? `${shape.name}Name` : typeText(shape, io);
      const seen = found.get(name);
      // Whether a field also takes any text is the field's business, not the type's.
      const identity = (s: Shape) => JSON.stringify({ ...s, anyText: undefined });
      if (seen && identity(seen.shape) !== identity(shape)) {
        throw new SourceError(`${where}: the type ${name} is declared twice, differently`);
      }
      found.set(name, { shape, io });
    }
    if (shape.kind === "object") {
      for (const property of Object.values(shape.properties)) visit(property.shape, io, where);
    } else if (shape.kind === "array") visit(shape.items, io, where);
    else if (shape.kind === "map") {
      visit(shape.values, io, where);
      if (shape.keys) visit(shape.keys, io, where);
    } else if (shape.kind === "union") for (const s of shape.of) visit(s, io, where);
    else if (shape.kind === "nullable") visit(shape.of, io, where);
  };
  for (const declaration of declarations) {
    for (const [name, input] of Object.entries(inputsOf(declaration))) {
      visit(shapeOf(input.schema), "input", `${declaration.kind}.${name}`);
    }
    for (const [name, output] of Object.entries(declaration.outputs)) {
      visit(shapeOf(output.type, "output"), "output", `${declaration.kind}.${name}`);
    }
  }
  return new Map([...found].sort(([a], [b]) => a.localeCompare(b)));
}

type NamedType = { shape: EnumShape | ObjectShape; io: "input" | "output" };

/** The declaration of the rules' shared inputs, as a kind's, for {@link namedTypes}. */
const RULE_DECLARATION: KindDeclaration = {
  kind: "Rule",
  summary: "",
  doc: "",
  inputs: RULE_INPUTS,
  outputs: {},
};

/**
 * The named types by where they are written: `own`, by kind, the types of one kind alone (in
 * its `resource.ts`); `shared`, those of more than one kind or of the rules' shared inputs (in
 * `src/resources/types.ts`).
 */
export function typeHomes(declarations: readonly KindDeclaration[]): {
  shared: Map<string, NamedType>;
  own: Map<string, Map<string, NamedType>>;
} {
  const all = namedTypes([...declarations, RULE_DECLARATION]);
  const users = new Map<string, string[]>();
  for (const declaration of [...declarations, RULE_DECLARATION]) {
    for (const name of namedTypes([declaration]).keys()) {
      users.set(name, [...(users.get(name) ?? []), declaration.kind]);
    }
  }
  const shared = new Map<string, NamedType>();
  const own = new Map<string, Map<string, NamedType>>(
    declarations.map((declaration) => [declaration.kind, new Map()]),
  );
  for (const [name, type] of all) {
    const [user, ...others] = users.get(name)!;
    const kindTypes = others.length === 0 ? own.get(user!) : undefined;
    (kindTypes ?? shared).set(name, type);
  }
  return { shared, own };
}

/** A named type's TypeScript text: an enum's names as a union, an object as an interface. */
function namedTypeSource(name: string, { shape, io }: NamedType): string {
  if (shape.kind === "enum") {
    const values = Object.entries(shape.values)
      .map(([key, value]) => (key === value ? `\`${key}\`` : `\`${key}\` (${value})`))
      .join(", ");
    return `${tsdoc(`A name of \`${shape.name}\`: ${values}.`)}\nexport type ${name} = ${Object.keys(
      shape.values,
    )
      .map((key) => JSON.stringify(key))
      .join(" | ")};`;
  }
  return [
    tsdoc(shape.doc ?? name),
    `export interface ${name} {`,
    ...propertyLines(shape, io, "  "),
    `}`,
  ].join("\n");
}

/**
 * The text of `src/resources/types.ts`: the named types that more than one kind uses, or the
 * rules' shared inputs (a kind's own are in its `resource.ts`).
 */
export function typesSource(declarations: readonly KindDeclaration[]): string {
  const blocks = [...typeHomes(declarations).shared].map(([name, type]) =>
    namedTypeSource(name, type),
  );
  return [
    header("the kinds' declarations"),
    tsdoc(
      "The named types that more than one kind's inputs and outputs use: enums by their names, and objects. A kind's own are exported by its `resource.ts`.",
    ),
    ...(blocks.some((block) => block.includes("pulumi."))
      ? [`import type * as pulumi from "@pulumi/pulumi";`]
      : []),
    ...blocks,
  ].join("\n\n");
}

/** The named types a text mentions, for its import line. */
function typesUsedIn(text: string, names: Iterable<string>): string[] {
  return [...names].filter((name) => new RegExp(`\\b${name}\\b`).test(text)).sort();
}

/**
 * The text of a kind's `resource.ts`, with the named types `own` (those of this kind alone,
 * see {@link typeHomes}); it imports the others from `src/resources/types.ts`.
 */
export function resourceSource(
  declaration: KindDeclaration,
  own: ReadonlyMap<string, NamedType> = new Map(),
): string {
  const { kind, base } = declaration;
  const identity = identityOf(declaration);
  const derived = Object.keys(identity).length > 0;
  const kitImports = [
    ...(derived ? ["deriveIdentity", "idPart"] : []),
    "providerFor",
    "withOutputs",
  ];
  const outputs = Object.entries(declaration.outputs).map(
    ([name, output]) =>
      // JSON Schema cannot say a value may be absent: an optional schema is \`| undefined\`.
      `${tsdoc(output.doc, "  ")}\n  declare readonly ${name}: pulumi.Output<${typeText(shapeOf(output.type, "output"), "output")}${output.type instanceof z.ZodOptional ? " | undefined" : ""}>;`,
  );
  const members = [...inputLines(declaration.inputs), ...outputs].join("\n");
  const ownTypes = [...own].map(([name, type]) => namedTypeSource(name, type));
  const shared = [...namedTypes([declaration]).keys()].filter((name) => !own.has(name));
  const used = typesUsedIn([members, ...ownTypes].join("\n"), shared);
  const identityMap = Object.entries(identity)
    .map(([name, index]) => `${name}: idPart(${index})`)
    .join(", ");
  return [
    header("./declaration.ts"),
    tsdoc(declaration.summary),
    `import * as pulumi from "@pulumi/pulumi";`,
    `import { ${kitImports.join(", ")} } from "../kit/resource";`,
    ...(base ? [`import type { ${base.args} } from "${base.from}";`] : []),
    ...(used.length > 0 ? [`import type { ${used.join(", ")} } from "../types";`] : []),
    // The kind's own named types, each set apart by a blank line.
    ...ownTypes.flatMap((text) => ["", text]),
    ...(ownTypes.length > 0 ? [""] : []),
    tsdoc(declaration.argsDoc ?? `Arguments of {@link ${kind}}.`),
    `export interface ${kind}Args${base ? ` extends ${base.args}` : ""} {`,
    ...inputLines(declaration.inputs),
    `}`,
    ``,
    tsdoc(declaration.doc),
    `export class ${kind} extends pulumi.dynamic.Resource {`,
    ...outputs,
    ``,
    `  constructor(name: string, args: ${kind}Args, opts?: pulumi.CustomResourceOptions) {`,
    `    const kind = "${kind}";`,
    `    const outputs = ${JSON.stringify(registeredOutputsOf(declaration))};`,
    `    super(providerFor(kind), name, withOutputs(args, outputs), opts, "bunnynet", kind);`,
    ...(derived ? [`    deriveIdentity(this, { ${identityMap} });`] : []),
    `  }`,
    `}`,
  ].join("\n");
}

/** A markdown table; `|` in a cell is escaped. */
function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell) => cell.replace(/\|/g, "\\|").replace(/\n/g, " ")).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

/** The docs page's Inputs table. */
export function inputsTable(declaration: KindDeclaration): string {
  const rows = Object.entries(inputsOf(declaration)).map(([name, input]) => [
    `\`${name}\``,
    input.docs.type ?? docsType(shapeOf(input.schema)),
    input.required ? "required" : (input.docs.default ?? "none"),
    input.docs.text,
  ]);
  return markdownTable(["name", "type", "default", "description"], rows);
}

const outputType = (output: OutputDeclaration) =>
  output.docs?.type ?? docsType(shapeOf(output.type, "output"));

/** The docs page's Outputs table; the outputs without a row share `outputsRow`. */
export function outputsTable(declaration: KindDeclaration): string {
  const rows: string[][] = [];
  for (const [name, output] of Object.entries(declaration.outputs)) {
    const shared = declaration.outputsRow;
    if (output.docs) rows.push([`\`${name}\``, outputType(output), output.docs.text]);
    else if (!shared) rows.push([`\`${name}\``, outputType(output), output.doc]);
    else if (!rows.some((row) => row[0] === shared.name)) {
      rows.push([shared.name, shared.type, shared.text]);
    }
  }
  return markdownTable(["name", "type", "description"], rows);
}

/** `page` with the first table of its `## section` replaced by `table`. */
function withTable(page: string, section: string, table: string): string {
  const lines = page.split("\n");
  const heading = lines.indexOf(`## ${section}`);
  if (heading < 0) throw new Error(`no "## ${section}" section`);
  let start = heading + 1;
  while (start < lines.length && !lines[start]!.startsWith("|")) {
    if (lines[start]!.startsWith("## ")) throw new Error(`"## ${section}" has no table`);
    start++;
  }
  let end = start;
  while (end < lines.length && lines[end]!.startsWith("|")) end++;
  return [...lines.slice(0, start), table, ...lines.slice(end)].join("\n");
}

/** The text of `kit/rule-resource.ts`: the rules' shared types and `RuleArgs`. */
export function ruleResourceSource(): string {
  const lines = inputLines(RULE_INPUTS);
  const named = namedTypes([RULE_DECLARATION]);
  const used = typesUsedIn(lines.join("\n"), named.keys());
  return [
    header("./rule-declaration.ts"),
    tsdoc(RULE_SUMMARY),
    `import type * as pulumi from "@pulumi/pulumi";`,
    ...(used.length > 0 ? [`import type { ${used.join(", ")} } from "../types";`] : []),
    tsdoc("Arguments every rule takes."),
    `export interface RuleArgs {`,
    ...lines,
    `}`,
  ].join("\n");
}

/** Where the generator looks: the kinds' folders, their docs pages, the registered kinds. */
export interface GeneratorSources {
  /** The folder holding a folder per kind (`src/resources`). */
  resources: string;
  /** The folder of the kinds' docs pages (`docs/resources`). */
  docs: string;
  /** The registered kinds (the registry's `KINDS`). */
  kinds: readonly string[];
  /** Where the package schema goes (`schema.json`); none for a trial of other sources. */
  schema?: string;
}

const SOURCES: GeneratorSources = {
  resources: RESOURCES,
  docs: DOCS,
  kinds: KINDS,
  schema: path.join(ROOT, "schema.json"),
};

/** A kind's declaration, where it was found, and its docs page. */
interface FoundDeclaration {
  declaration: KindDeclaration;
  folder: string;
  page: string;
}

const relative = (file: string) => path.relative(ROOT, file);

/** A declaration, a registration or a docs page missing or wrong: its message says what to do. */
export class SourceError extends Error {
  override name = "SourceError";
}

/**
 * Every kind's `<resources>/<folder>/declaration.ts` (every folder but `kit` that has one),
 * each checked against its folder's name, the registry and its docs page, and every registered
 * kind against them; throws, saying what to add where, when one of them is missing.
 */
export function findDeclarations(sources: GeneratorSources = SOURCES): FoundDeclaration[] {
  const folders = readdirSync(sources.resources, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "kit")
    .map((entry) => path.join(sources.resources, entry.name))
    .filter((folder) => existsSync(path.join(folder, "declaration.ts")))
    .sort();
  const found: FoundDeclaration[] = [];
  for (const folder of folders) {
    const file = relative(path.join(folder, "declaration.ts"));
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { declaration } = require(path.join(folder, "declaration")) as {
      declaration?: KindDeclaration;
    };
    if (typeof declaration?.kind !== "string") {
      throw new SourceError(
        `${file} exports no \`declaration\` (\`export const declaration = declareKind({ … })\`)`,
      );
    }
    const { kind } = declaration;
    if (path.basename(folder) !== folderOf(kind)) {
      throw new SourceError(
        `${file} declares ${kind}, whose folder is ${relative(path.join(sources.resources, folderOf(kind)))}: move it there, or correct its \`kind\``,
      );
    }
    if (!sources.kinds.includes(kind)) {
      throw new SourceError(
        `${file} declares ${kind}, which is not registered: add \`${kind}: (): KindModule => require("../${folderOf(kind)}/spec"),\` to REGISTRY in src/resources/kit/registry.ts (see docs/development.md, "Adding a resource kind")`,
      );
    }
    const page = path.join(sources.docs, `${folderOf(kind)}.md`);
    if (!existsSync(page)) {
      throw new SourceError(
        `${kind} has no docs page: write ${relative(page)} with its "## Inputs" and "## Outputs" sections, each holding a table the generator fills (see docs/development.md, "Adding a resource kind")`,
      );
    }
    found.push({ declaration, folder, page });
  }
  const declared = new Set(found.map((f) => f.declaration.kind));
  const undeclared = sources.kinds.filter((kind) => !declared.has(kind));
  if (undeclared.length > 0) {
    throw new SourceError(
      `registered in src/resources/kit/registry.ts without a declaration: ${undeclared.map((kind) => `${kind} (${relative(path.join(sources.resources, folderOf(kind), "declaration.ts"))})`).join(", ")}`,
    );
  }
  return found;
}

/** Every generated file, by path, formatted as the project formats code. */
export async function generatedFiles(
  sources: GeneratorSources = SOURCES,
): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  const found = findDeclarations(sources);
  const { own } = typeHomes(found.map((kind) => kind.declaration));
  for (const { declaration, folder, page } of found) {
    texts.set(
      path.join(folder, "resource.ts"),
      resourceSource(declaration, own.get(declaration.kind)),
    );
    const text = readFileSync(page, "utf8");
    try {
      texts.set(
        page,
        withTable(
          withTable(text, "Inputs", inputsTable(declaration)),
          "Outputs",
          outputsTable(declaration),
        ),
      );
    } catch (error) {
      throw new SourceError(`${relative(page)}: ${(error as Error).message}`);
    }
  }
  texts.set(path.join(sources.resources, "kit/rule-resource.ts"), ruleResourceSource());
  texts.set(
    path.join(sources.resources, "types.ts"),
    typesSource(found.map((kind) => kind.declaration)),
  );
  if (sources.schema) {
    const { version } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
      version: string;
    };
    texts.set(
      sources.schema,
      JSON.stringify(
        packageSchema(
          found.map((kind) => kind.declaration),
          version,
        ),
        null,
        2,
      ),
    );
  }
  const files = new Map<string, string>();
  for (const [file, source] of texts) {
    const options = await prettier.resolveConfig(file);
    files.set(file, await prettier.format(source, { ...options, filepath: file }));
  }
  return files;
}

/** The generated files whose text on disk differs from what their declarations give. */
export async function staleFiles(sources: GeneratorSources = SOURCES): Promise<string[]> {
  const stale: string[] = [];
  for (const [file, text] of await generatedFiles(sources)) {
    let current = "";
    try {
      current = readFileSync(file, "utf8");
    } catch {
      // missing: stale
    }
    if (current !== text) stale.push(path.relative(ROOT, file));
  }
  return stale;
}

async function main(): Promise<void> {
  if (process.argv.includes("--check")) {
    const stale = await staleFiles();
    if (stale.length > 0) {
      console.error(`Out of date with their declarations (run \`npm run generate\`):`);
      for (const file of stale) console.error(`  ${file}`);
      process.exitCode = 1;
    }
    return;
  }
  for (const [file, text] of await generatedFiles()) writeFileSync(file, text);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof SourceError ? `npm run generate: ${error.message}` : error);
    process.exitCode = 1;
  });
}
