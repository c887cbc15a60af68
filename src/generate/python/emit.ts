/**
 * The Python program of a model, on the provider plugin's Python SDK: `__main__.py`, with the
 * `requirements.txt` and `Pulumi.yaml` it needs to run and the model's files beside it. The
 * program is laid out as black (its defaults: 88 columns) leaves it.
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
  programHeader,
  programUses,
  projectDescription,
  sortedFiles,
  wrapComment,
  writtenAsIs,
  zoneHeading,
} from "../program-text";
import { pythonEnumMember, pythonName } from "../sdk-names";
import {
  enumOf,
  functionInputs,
  inputType,
  memberOf,
  sdkPackage,
  type SchemaType,
} from "../sdk-schema";
import { referencePath } from "../references";

/** black's default line length. */
export const BLACK_WIDTH = 88;

const STYLE: LayoutStyle = { width: BLACK_WIDTH, indent: "    ", indentWidth: 4, comment: "# " };

/** The name the program imports the SDK as. */
const SDK = "shield";

/** The files of the Python program of `model`, by name. */
export function emitPython(model: ProgramModel): Record<string, string> {
  const sdk = sdkPackage();
  const major = Number(sdk.version.split(".")[0]);
  return sortedFiles({
    ...model.files,
    "__main__.py": mainPy(model),
    // `~=` keeps to the SDK's minor version while it is 0.x, as `^` does in package.json.
    "requirements.txt": `pulumi${sdk.pythonPulumi}\n${sdk.pythonPackage}${major === 0 ? "~=" : ">="}${sdk.version}\n`,
    "Pulumi.yaml": [
      `name: ${model.project}`,
      `description: ${JSON.stringify(projectDescription(model))}`,
      "runtime:",
      "  name: python",
      "  options:",
      "    toolchain: pip",
      "    virtualenv: venv",
      "",
    ].join("\n"),
  });
}

/** A Python string literal, quoted as black prefers (double quotes unless they need more escapes). */
export function pythonString(value: string): string {
  const doubles = value.split('"').length - 1;
  const singles = value.split("'").length - 1;
  const quote = doubles > singles ? "'" : '"';
  let out = quote;
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (char === "\\" || char === quote) out += `\\${char}`;
    else if (char === "\n") out += "\\n";
    else if (char === "\r") out += "\\r";
    else if (char === "\t") out += "\\t";
    else if (writtenAsIs(char, code)) out += char;
    else if (code < 0x100) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else if (code < 0x10000) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += `\\U${code.toString(16).padStart(8, "0")}`;
  }
  return out + quote;
}

/** `value`, of the schema's `type`, as a Python expression. */
function expression(value: ProgramValue, type: SchemaType): Doc {
  if (value instanceof ProgramReference) return atom(reference(value));
  if (value === null) return atom("None");
  if (typeof value === "boolean") return atom(value ? "True" : "False");
  if (typeof value === "number") return atom(String(value));
  if (typeof value === "string") {
    // An enum's member, also where the input takes any text besides (a union).
    const member = memberOf(type, value);
    const enumType = enumOf(type);
    if (member && enumType) {
      return atom(`${SDK}.${enumType.name}.${pythonEnumMember(member.name, enumType.name)}`);
    }
    return atom(pythonString(value));
  }
  if (Array.isArray(value)) {
    const items = type.kind === "array" ? type.items : ({ kind: "any" } as const);
    return group(
      "[",
      "]",
      value.map((v) => ({ value: expression(v, items) })),
    );
  }
  const members = Object.entries(value as Record<string, ProgramValue>);
  if (type.kind === "object") {
    const properties = type.properties();
    return group(
      `${SDK}.${type.name}Args(`,
      ")",
      members.map(([key, v]) => ({
        key: `${pythonName(key)}=`,
        value: expression(v, properties[key] ?? { kind: "any" }),
      })),
    );
  }
  const values = type.kind === "map" ? type.values : ({ kind: "any" } as const);
  return group(
    "{",
    "}",
    members.map(([key, v]) => ({ key: `${pythonString(key)}: `, value: expression(v, values) })),
  );
}

function reference(ref: ProgramReference): string {
  const { target } = ref;
  if (target.type === "file")
    return `${target.lines ? "lines" : "read"}(${pythonString(target.file)})`;
  return referencePath(target, {
    property: (name) => `.${pythonName(name)}`,
    key: (key) => `[${pythonString(key)}]`,
    index: (index) => `[${index}]`,
  });
}

function mainPy(model: ProgramModel): string {
  const uses = programUses(model);
  const out: string[] = [];
  const header = programHeader(model, "adopt_existing");
  const docstring = header.flatMap((paragraph, i) => [
    ...(i > 0 ? [""] : []),
    // Three columns for the quotes that open the first line.
    ...wrapComment(paragraph, 0, BLACK_WIDTH, 3),
  ]);
  out.push(`"""${docstring.join("\n")}`, '"""', "");
  if (uses.files) out.push("import pathlib", "");
  out.push(`import ${sdkPackage().pythonPackage} as ${SDK}`);
  if (uses.files) {
    out.push(
      "",
      "HERE = pathlib.Path(__file__).parent",
      "",
      "",
      "def read(file: str) -> str:",
      '    """A file beside this program, as text."""',
      '    return (HERE / file).read_text(encoding="utf-8")',
    );
  }
  if (uses.lineFiles) {
    out.push(
      "",
      "",
      "def lines(file: str) -> list[str]:",
      '    """A file beside this program, one entry per line."""',
      '    return [entry for entry in read(file).split("\\n") if entry.strip() != ""]',
    );
  }
  if (uses.files) out.push("");
  for (const zone of model.zones) {
    out.push("", ...comment(zoneHeading(zone)));
    zone.statements.forEach((statement, i) => {
      if (i > 0) out.push("");
      out.push(...statementLines(statement));
    });
  }
  return `${out.join("\n")}\n`;
}

const comment = (text: string, indent = 0): string[] =>
  wrapComment(text, indent, BLACK_WIDTH, 2).map((line) => `${" ".repeat(indent)}# ${line}`);

function statementLines(statement: ProgramStatement): string[] {
  switch (statement.type) {
    case "comment":
      return comment(statement.text);
    case "lookup":
      return [lookupLine(statement)];
    case "resource":
      return resourceLines(statement);
  }
}

function lookupLine(lookup: ProgramLookup): string {
  const inputs = functionInputs(lookup.function);
  const head = `${lookup.variable} = `;
  const call = group(
    `${SDK}.${pythonName(lookup.function)}_output(`,
    ")",
    Object.entries(lookup.args).map(([key, value]) => ({
      key: `${pythonName(key)}=`,
      value: expression(value, inputs[key] ?? { kind: "any" }),
    })),
  );
  return `${head}${layout(call, STYLE, 0, head.length)}`;
}

function resourceLines(resource: ProgramResource): string[] {
  const call = group(
    `${SDK}.${resource.kind}(`,
    ")",
    [
      { value: atom(pythonString(resource.name)) },
      ...resource.args.map((a) => ({
        key: `${pythonName(a.name)}=`,
        value: expression(a.value, inputType(resource.kind, a.name)),
        comments: a.comments.flatMap((c) => wrapComment(c, 4, BLACK_WIDTH, 2)),
      })),
    ],
    true,
  );
  return [...resource.comments.flatMap((c) => comment(c)), layout(call, STYLE)];
}
