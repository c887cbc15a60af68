/**
 * What every language's printer shares: the words of a program's header and zone headings, the
 * parts of the model a program uses (kinds, look-ups, files), the versions it depends on, and
 * comments wrapped to a width. A printer writes these in its own syntax; the words are the same.
 */
import { ProgramReference, type ProgramModel, type ProgramValue, type ProgramZone } from "./model";

/** What a generated program depends on, from this package's own `package.json`. */
export interface PackageVersions {
  readonly name: string;
  readonly version: string;
  readonly pulumi: string;
  readonly typescript: string;
  readonly nodeTypes: string;
}

/** This package's name and the versions a generated program depends on. */
export function packageVersions(): PackageVersions {
  // package.json sits two levels up from both src/generate and dist/generate.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const own = require("../../package.json") as {
    name: string;
    version: string;
    peerDependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  return {
    name: own.name,
    version: own.version,
    pulumi: own.peerDependencies["@pulumi/pulumi"]!,
    typescript: own.devDependencies.typescript!,
    nodeTypes: own.devDependencies["@types/node"]!,
  };
}

/** `pull zone 501001 (shield zone 1001)`. */
export const zoneTitle = (zone: ProgramZone): string =>
  `pull zone ${zone.pullZoneId} (shield zone ${zone.shieldZoneId})`;

/** The comment above a zone's statements. */
export const zoneHeading = (zone: ProgramZone): string =>
  `Pull zone ${zone.pullZoneId}: shield zone ${zone.shieldZoneId}, on the ${zone.plan} plan.`;

/** The project's description (Pulumi.yaml). */
export const projectDescription = (model: ProgramModel): string =>
  `bunny.net Shield settings of ${model.zones.map((z) => `pull zone ${z.pullZoneId}`).join(", ")}`;

/**
 * The paragraphs of a program's header comment; `adoptExisting` is the input's name as the
 * language spells it.
 */
export function programHeader(model: ProgramModel, adoptExisting = "adoptExisting"): string[] {
  return [
    `The bunny.net Shield settings of ${model.zones.map(zoneTitle).join(", ")}, as \`${model.generator.name} generate\` ${model.generator.version} read them: ${model.all ? "every value, the service's defaults included" : "the values that differ from the service's defaults"}.`,
    `\`pulumi up\` adopts them: settings are adopted as they are, and lists, rules and pages are taken over by name (\`${adoptExisting}\`).`,
  ];
}

/** What a program's statements use, so that it imports and defines only that. */
export interface ProgramUses {
  /** The kinds of its resources. */
  readonly kinds: ReadonlySet<string>;
  /** The data functions its look-ups call. */
  readonly functions: ReadonlySet<string>;
  /** It reads a file beside it. */
  readonly files: boolean;
  /** It reads a file beside it as one entry per line. */
  readonly lineFiles: boolean;
}

/** The {@link ProgramUses} of `model`. */
export function programUses(model: ProgramModel): ProgramUses {
  const kinds = new Set<string>();
  const functions = new Set<string>();
  let files = false;
  let lineFiles = false;
  const walk = (value: ProgramValue): void => {
    if (value instanceof ProgramReference) {
      if (value.target.type === "file") {
        files = true;
        if (value.target.lines) lineFiles = true;
      }
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === "object") Object.values(value).forEach(walk);
  };
  for (const statement of model.zones.flatMap((zone) => zone.statements)) {
    if (statement.type === "resource") {
      kinds.add(statement.kind);
      statement.args.forEach((a) => walk(a.value));
    } else if (statement.type === "lookup") functions.add(statement.function);
  }
  return { kinds, functions, files, lineFiles };
}

/** The files of a program, sorted by name, as every emitter returns them. */
export const sortedFiles = (files: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1)));

/**
 * Characters written as they are, besides printable ASCII: those whose width a formatter
 * measures as this module does (one column, or none for a combining mark), and the common CJK
 * ones (two columns). Any other is written as an escape: an emoji's width, a control character
 * or a bidirectional override is then never a question.
 */
export function writtenAsIs(char: string, codePoint: number): boolean {
  if (codePoint >= 0x20 && codePoint < 0x7f) return true;
  if (/\p{C}/u.test(char)) return false;
  return (codePoint >= 0xa0 && codePoint <= 0x10ff) || wide(codePoint);
}

/** Common CJK characters, which formatters count as two columns each. */
function wide(codePoint: number): boolean {
  return (
    (codePoint >= 0x3001 && codePoint <= 0x3029) ||
    (codePoint >= 0x3041 && codePoint <= 0x3096) ||
    (codePoint >= 0x30a1 && codePoint <= 0x30fa) ||
    (codePoint >= 0x4e00 && codePoint <= 0x9fff) ||
    (codePoint >= 0xac00 && codePoint <= 0xd7a3) ||
    (codePoint >= 0xff01 && codePoint <= 0xff60) ||
    (codePoint >= 0xffe0 && codePoint <= 0xffe6)
  );
}

/** The columns `text` (written by a printer here) takes, as prettier and black count them. */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    if (codePoint < 0x7f) width += 1;
    else if (wide(codePoint)) width += 2;
    else if (!/[\p{Mn}\p{Me}]/u.test(char)) width += 1;
  }
  return width;
}

/** `char` as a JavaScript escape: `\n`, `\u00e9`, or a surrogate pair's two escapes. */
export function escaped(char: string): string {
  const named: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };
  if (named[char]) return named[char];
  return [...Array(char.length).keys()]
    .map((i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, "0")}`)
    .join("");
}

/** A comment's text, safe on one line: what a string would escape is shown as its escape. */
export function commentText(text: string): string {
  let out = "";
  for (const char of text) out += writtenAsIs(char, char.codePointAt(0)!) ? char : escaped(char);
  return out;
}

/**
 * Line comments of at most `width` columns at `indent`, the comment's marker and a space
 * (`marker` columns) included; a word longer than a line gets a line of its own. Formatters
 * leave comments as they are, so they are wrapped here.
 */
export function wrapComment(text: string, indent: number, width = 80, marker = 3): string[] {
  const room = Math.max(20, width - indent - marker);
  const lines: string[] = [];
  let line = "";
  for (const word of commentText(text)
    .split(" ")
    .filter((w) => w !== "")) {
    if (line === "") line = word;
    else if (textWidth(line) + 1 + textWidth(word) <= room) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== "") lines.push(line);
  return lines;
}
