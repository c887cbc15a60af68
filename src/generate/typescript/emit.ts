/**
 * The TypeScript program of a model: `index.ts` (the package's dynamic resources), with the
 * `package.json`, `Pulumi.yaml` and `tsconfig.json` it needs to run, and the model's files
 * beside it. Every text is written as prettier (its defaults) would format it.
 */
import {
  ProgramReference,
  type ProgramLookup,
  type ProgramModel,
  type ProgramResource,
  type ProgramStatement,
  type ProgramValue,
} from "../model";
import {
  packageVersions,
  programHeader,
  programUses,
  projectDescription,
  sortedFiles,
  zoneHeading,
  type PackageVersions,
} from "../program-text";
import {
  numberLiteral,
  printExpression,
  PRINT_WIDTH,
  stringLiteral,
  wrapComment,
  type Expression,
} from "./print";

/** The files of the TypeScript program of `model`, by name. */
export function emitTypeScript(model: ProgramModel, width = PRINT_WIDTH): Record<string, string> {
  const versions = packageVersions();
  const files: Record<string, string> = {
    ...model.files,
    "index.ts": indexTs(model, width),
    "package.json": packageJson(model, versions),
    "Pulumi.yaml": pulumiYaml(model),
    "tsconfig.json": TSCONFIG,
  };
  return sortedFiles(files);
}

function indexTs(model: ProgramModel, width: number): string {
  const uses = programUses(model);
  const imports = [...uses.kinds, ...[...uses.functions].map((f) => `${f}Output`)];
  const { files, lineFiles } = uses;

  const expression = (value: ProgramValue): Expression => {
    if (value instanceof ProgramReference) return reference(value);
    if (value === null || typeof value === "boolean") return { type: "text", text: String(value) };
    if (typeof value === "number") return { type: "text", text: numberLiteral(value) };
    if (typeof value === "string")
      return { type: "text", text: stringLiteral(value), breakable: true };
    if (Array.isArray(value)) {
      return {
        type: "array",
        elements: value.map(expression),
        numbers: value.length > 0 && value.every((v) => typeof v === "number"),
      };
    }
    return {
      type: "object",
      properties: Object.entries(value).map(([key, member]) => ({
        key,
        value: expression(member),
      })),
    };
  };

  const header = programHeader(model);
  const out: string[] = [
    "/**",
    ...header.flatMap((paragraph, i) => [
      ...(i > 0 ? [" *"] : []),
      ...wrapComment(paragraph, 0, width).map((line) => ` * ${line}`),
    ]),
    " */",
  ];
  if (files) out.push('import * as fs from "node:fs";', 'import * as path from "node:path";');
  out.push(
    importLine(
      imports.sort((a, b) => (a < b ? -1 : 1)),
      width,
    ),
  );
  if (files) {
    out.push(
      "",
      "/** A file beside this program, as text. */",
      "function read(file: string): string {",
      '  return fs.readFileSync(path.join(__dirname, file), "utf8");',
      "}",
    );
  }
  if (lineFiles) {
    out.push(
      "",
      "/** A file beside this program, one entry per line. */",
      "function lines(file: string): string[] {",
      '  const entries = read(file).split("\\n");',
      '  return entries.filter((entry) => entry.trim() !== "");',
      "}",
    );
  }
  for (const zone of model.zones) {
    out.push("", ...comment(zoneHeading(zone), width));
    zone.statements.forEach((statement, i) => {
      if (i > 0) out.push("");
      out.push(...statementLines(statement, expression, width));
    });
  }
  return `${out.join("\n")}\n`;
}

const comment = (text: string, width: number, indent = 0): string[] =>
  wrapComment(text, indent, width).map((line) => `${" ".repeat(indent)}// ${line}`);

function importLine(names: readonly string[], width: number): string {
  const from = ' from "pulumi-bunnynet-shield";';
  const oneLine = `import { ${names.join(", ")} }${from}`;
  if (oneLine.length <= width) return oneLine;
  return `import {\n${names.map((n) => `  ${n},\n`).join("")}}${from}`;
}

/** A member chain: `.name`, or `["name"]` for one that is not an identifier. */
const member = (name: string) =>
  /^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `[${stringLiteral(name)}]`;

function reference(ref: ProgramReference): Expression {
  const { target } = ref;
  switch (target.type) {
    case "lookup":
      return {
        type: "text",
        text: `${target.lookup}${target.path.map(member).join("")}`,
        breakable: true,
      };
    case "file":
      return {
        type: "call",
        callee: target.lines ? "lines" : "read",
        argument: { type: "text", text: stringLiteral(target.file), breakable: true },
      };
  }
}

function statementLines(
  statement: ProgramStatement,
  expression: (value: ProgramValue) => Expression,
  width: number,
): string[] {
  switch (statement.type) {
    case "comment":
      return comment(statement.text, width);
    case "lookup":
      return [lookupLine(statement, expression, width)];
    case "resource":
      return resourceLines(statement, expression, width);
  }
}

function lookupLine(
  lookup: ProgramLookup,
  expression: (value: ProgramValue) => Expression,
  width: number,
): string {
  const head = `const ${lookup.variable} = `;
  const call: Expression = {
    type: "call",
    callee: `${lookup.function}Output`,
    argument: {
      type: "object",
      properties: Object.entries(lookup.args).map(([key, value]) => ({
        key,
        value: expression(value),
      })),
    },
  };
  return `${head}${printExpression(call, 0, head.length, ";", width)};`;
}

function resourceLines(
  resource: ProgramResource,
  expression: (value: ProgramValue) => Expression,
  width: number,
): string[] {
  const args: Expression = {
    type: "object",
    expanded: true,
    properties: resource.args.map((a) => ({
      key: a.name,
      value: expression(a.value),
      comments: a.comments.flatMap((c) => wrapComment(c, 2, width)),
    })),
  };
  const head = `new ${resource.kind}(`;
  const name = stringLiteral(resource.name);
  const lines = resource.comments.flatMap((c) => comment(c, width));
  // Names are short enough (names.ts) for the arguments to hug the call, as prettier has them.
  lines.push(
    `${head}${name}, ${printExpression(args, 0, head.length + name.length + 2, ");", width)});`,
  );
  return lines;
}

/** One dependency line of package.json. */
const dependency = (name: string, range: string) =>
  `    ${JSON.stringify(name)}: ${JSON.stringify(range)}`;

function packageJson(model: ProgramModel, versions: PackageVersions): string {
  return [
    "{",
    `  "name": ${JSON.stringify(model.project)},`,
    '  "private": true,',
    `  "description": ${JSON.stringify(`bunny.net Shield settings, generated by ${versions.name} generate`)},`,
    '  "main": "index.ts",',
    '  "dependencies": {',
    `${dependency("@pulumi/pulumi", versions.pulumi)},`,
    dependency(versions.name, `^${versions.version}`),
    "  },",
    '  "devDependencies": {',
    `${dependency("@types/node", versions.nodeTypes)},`,
    dependency("typescript", versions.typescript),
    "  }",
    "}",
    "",
  ].join("\n");
}

function pulumiYaml(model: ProgramModel): string {
  return [
    `name: ${model.project}`,
    `description: ${JSON.stringify(projectDescription(model))}`,
    "runtime:",
    "  name: nodejs",
    "  options:",
    "    typescript: true",
    "",
  ].join("\n");
}

const TSCONFIG = `{
  "compilerOptions": {
    "strict": true,
    "target": "ES2022",
    "module": "commonjs",
    "moduleResolution": "node",
    "esModuleInterop": true,
    "skipLibCheck": true,
    "types": ["node"]
  },
  "files": ["index.ts"]
}
`;
