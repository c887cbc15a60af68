/**
 * The Go program of a model, on the provider plugin's Go SDK: `main.go`, with the `go.mod` and
 * `Pulumi.yaml` it needs to run and the model's files beside it. The program is what gofmt
 * leaves as it is; it keeps its declarations in `program`, a `pulumi.RunFunc`, which `main`
 * runs (and which the Automation API can run inline).
 */
import {
  ProgramReference,
  type ProgramLookup,
  type ProgramModel,
  type ProgramResource,
  type ProgramStatement,
  type ProgramValue,
} from "../model";
import { atom, group, layout, type Doc, type LayoutStyle } from "../layout";
import {
  packageVersions,
  programHeader,
  programUses,
  projectDescription,
  sortedFiles,
  wrapComment,
  writtenAsIs,
  zoneHeading,
} from "../program-text";
import { referencePath } from "../references";
import { goEnumConstant, goName } from "../sdk-names";
import { functionInputs, inputType, memberOf, sdkPackage, type SchemaType } from "../sdk-schema";

/** The width past which a group breaks onto lines (gofmt itself never breaks a line). */
export const GO_WIDTH = 100;

/** The Go version of the Pulumi Go SDK's go.mod (v3.248.0), which a module using it needs. */
export const GO_VERSION = "1.25.11";

const STYLE: LayoutStyle = {
  width: GO_WIDTH,
  indent: "\t",
  indentWidth: 4,
  comment: "// ",
  align: true,
};

/** The name the program imports the SDK as. */
const SDK = "shield";

/** The files of the Go program of `model`, by name. */
export function emitGo(model: ProgramModel): Record<string, string> {
  const sdk = sdkPackage();
  const pulumi = packageVersions().pulumi.replace(/^[~^]/, "");
  const pulumiVersion = pulumi.split(".").length === 2 ? `${pulumi}.0` : pulumi;
  return sortedFiles({
    ...model.files,
    "main.go": mainGo(model),
    "go.mod": [
      `module ${model.project}`,
      "",
      `go ${GO_VERSION}`,
      "",
      "require (",
      `\t${sdk.goModule} v${sdk.version}`,
      `\tgithub.com/pulumi/pulumi/sdk/v3 v${pulumiVersion}`,
      ")",
      "",
    ].join("\n"),
    "Pulumi.yaml": [
      `name: ${model.project}`,
      `description: ${JSON.stringify(projectDescription(model))}`,
      "runtime: go",
      "",
    ].join("\n"),
  });
}

/** A Go string literal (strconv.Quote's escapes). */
export function goString(value: string): string {
  const named: Record<string, string> = {
    "\\": "\\\\",
    '"': '\\"',
    "\n": "\\n",
    "\r": "\\r",
    "\t": "\\t",
    "\x07": "\\a",
    "\b": "\\b",
    "\f": "\\f",
    "\v": "\\v",
  };
  let out = '"';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (named[char]) out += named[char];
    else if (writtenAsIs(char, code)) out += char;
    else if (code < 0x80) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else if (code < 0x10000) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += `\\U${code.toString(16).padStart(8, "0")}`;
  }
  return `${out}"`;
}

/** The Go type of a list or map of `element` (`pulumi.StringArray`, `shield.RuleConditionMap`). */
function containerType(element: SchemaType, container: "Array" | "Map"): string {
  switch (element.kind) {
    case "enum":
    case "object":
      return `${SDK}.${element.name}${container}`;
    case "integer":
      return `pulumi.Int${container}`;
    case "number":
      return `pulumi.Float64${container}`;
    case "boolean":
      return `pulumi.Bool${container}`;
    case "string":
    case "union":
      // A union is typed as its text in Go (an enum or any string).
      return `pulumi.String${container}`;
    default:
      return container === "Array" ? "pulumi.Array" : "pulumi.Map";
  }
}

/** `value`, of the schema's `type`, as a Go expression of the SDK's input types. */
function expression(value: ProgramValue, type: SchemaType): Doc {
  if (value instanceof ProgramReference) return atom(reference(value));
  if (value === null) return atom("nil");
  if (typeof value === "boolean") return atom(`pulumi.Bool(${value})`);
  if (typeof value === "number") {
    const integer = type.kind === "integer" || (type.kind !== "number" && Number.isInteger(value));
    return atom(integer ? `pulumi.Int(${value})` : `pulumi.Float64(${value})`);
  }
  if (typeof value === "string") {
    // Only an input typed as the enum alone takes its constants; a union is typed as text.
    if (type.kind === "enum") {
      const member = memberOf(type, value);
      return atom(
        member
          ? `${SDK}.${goEnumConstant(member.name, type.name)}`
          : `${SDK}.${type.name}(${goString(value)})`,
      );
    }
    return atom(`pulumi.String(${goString(value)})`);
  }
  if (Array.isArray(value)) {
    const items = type.kind === "array" ? type.items : ({ kind: "any" } as const);
    return group(
      `${containerType(items, "Array")}{`,
      "}",
      value.map((v) => ({ value: expression(v, items) })),
    );
  }
  const members = Object.entries(value as Record<string, ProgramValue>);
  if (type.kind === "object") {
    const properties = type.properties();
    return group(
      `&${SDK}.${type.name}Args{`,
      "}",
      members.map(([key, v]) => ({
        key: `${goName(key)}: `,
        value: expression(v, properties[key] ?? { kind: "any" }),
      })),
      true,
    );
  }
  const values = type.kind === "map" ? type.values : ({ kind: "any" } as const);
  return group(
    `${containerType(values, "Map")}{`,
    "}",
    members.map(([key, v]) => ({ key: `${goString(key)}: `, value: expression(v, values) })),
  );
}

function reference(ref: ProgramReference): string {
  const { target } = ref;
  if (target.type === "file") {
    return `${target.lines ? "readLinesOrPanic" : "readFileOrPanic"}(${goString(target.file)})`;
  }
  return referencePath(target, {
    property: (name) => `.${goName(name)}()`,
    key: (key) => `.MapIndex(pulumi.String(${goString(key)}))`,
    index: (index) => `.Index(pulumi.Int(${index}))`,
  });
}

const comment = (text: string, indent: number): string[] =>
  wrapComment(text, indent * STYLE.indentWidth, GO_WIDTH).map(
    (line) => `${"\t".repeat(indent)}// ${line}`,
  );

function mainGo(model: ProgramModel): string {
  const uses = programUses(model);
  const header = programHeader(model, "AdoptExisting");
  const out: string[] = header.flatMap((paragraph, i) => [
    ...(i > 0 ? ["//"] : []),
    ...comment(paragraph, 0),
  ]);
  out.push("package main", "", "import (");
  if (uses.files) out.push('\t"os"');
  if (uses.lineFiles) out.push('\t"strings"');
  if (uses.files) out.push("");
  out.push(
    `\t${SDK} ${goString(sdkPackage().goImport)}`,
    '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
    ")",
    "",
    "func main() {",
    "\tpulumi.Run(program)",
    "}",
    "",
    "// program declares the zones' settings, lists, rules and pages.",
    "func program(ctx *pulumi.Context) error {",
  );
  model.zones.forEach((zone, z) => {
    if (z > 0) out.push("");
    out.push(...comment(zoneHeading(zone), 1));
    zone.statements.forEach((statement, i) => {
      if (i > 0) out.push("");
      out.push(...statementLines(statement));
    });
  });
  out.push("\treturn nil", "}");
  if (uses.files) {
    out.push(
      "",
      "// readFileOrPanic is a file beside this program, as text.",
      "func readFileOrPanic(file string) pulumi.String {",
      "\tdata, err := os.ReadFile(file)",
      "\tif err != nil {",
      "\t\tpanic(err.Error())",
      "\t}",
      "\treturn pulumi.String(data)",
      "}",
    );
  }
  if (uses.lineFiles) {
    out.push(
      "",
      "// readLinesOrPanic is a file beside this program, one entry per line.",
      "func readLinesOrPanic(file string) pulumi.StringArray {",
      "\tentries := pulumi.StringArray{}",
      '\tfor _, entry := range strings.Split(string(readFileOrPanic(file)), "\\n") {',
      '\t\tif strings.TrimSpace(entry) != "" {',
      "\t\t\tentries = append(entries, pulumi.String(entry))",
      "\t\t}",
      "\t}",
      "\treturn entries",
      "}",
    );
  }
  return `${out.join("\n")}\n`;
}

function statementLines(statement: ProgramStatement): string[] {
  switch (statement.type) {
    case "comment":
      return comment(statement.text, 1);
    case "lookup":
      return [lookupLine(statement)];
    case "resource":
      return resourceLines(statement);
  }
}

function lookupLine(lookup: ProgramLookup): string {
  const inputs = functionInputs(lookup.function);
  const fn = goName(lookup.function);
  const args = group(
    `${SDK}.${fn}OutputArgs{`,
    "}",
    Object.entries(lookup.args).map(([key, value]) => ({
      key: `${goName(key)}: `,
      value: expression(value, inputs[key] ?? { kind: "any" }),
    })),
  );
  const head = `\t${lookup.variable} := ${SDK}.${fn}Output(ctx, `;
  return `${head}${layout(args, STYLE, 1, 4 + head.length - 1, ")")})`;
}

function resourceLines(resource: ProgramResource): string[] {
  const args = group(
    `&${SDK}.${resource.kind}Args{`,
    "}",
    resource.args.map((a) => ({
      key: `${goName(a.name)}: `,
      value: expression(a.value, inputType(resource.kind, a.name)),
      comments: a.comments.flatMap((c) => wrapComment(c, 2 * STYLE.indentWidth, GO_WIDTH)),
    })),
    true,
  );
  return [
    ...resource.comments.flatMap((c) => comment(c, 1)),
    `\tif _, err := ${SDK}.New${resource.kind}(ctx, ${goString(resource.name)}, ${layout(args, STYLE, 1)}); err != nil {`,
    "\t\treturn err",
    "\t}",
  ];
}
