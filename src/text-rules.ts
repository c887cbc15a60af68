/**
 * Rules about text, declared once and shared by the client's request validation, the
 * resources' `check` and the emulator: what the live service accepts in rule names, and the
 * characters no name should hold. Each rule gives the expectation a text misses, naming the
 * offending characters, or undefined when the text is fine.
 */

/**
 * What the live service accepts in a custom WAF rule's or a rate limit's name (and, by the same
 * rule, its description): ASCII letters, digits and spaces. It refuses anything else with a
 * 400; bunny.net's Terraform provider validates names and descriptions with this pattern.
 */
export const RULE_NAME_PATTERN = /^[a-zA-Z0-9 ]+$/;

/** What {@link RULE_NAME_PATTERN} allows, in words, for messages. */
export const RULE_NAME_ALLOWED = "ASCII letters (a-z, A-Z), digits (0-9) and spaces";

/**
 * Characters that have no place in a name: control characters (C0, DEL, C1: a newline, NUL,
 * ESC…) and the invisible marks that reorder displayed text (the bidirectional embeddings,
 * overrides and isolates U+202A–U+202E, U+2066–U+2069, and the marks U+200E, U+200F), with
 * which a name can read as another one.
 */
export const UNSAFE_CHARACTER =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

const UNSAFE_CHARACTERS = new RegExp(UNSAFE_CHARACTER.source, "g");

/** Names of the invisible characters messages mention most, after their code point. */
const CHARACTER_NAMES: Readonly<Record<number, string>> = {
  0x00: "NUL",
  0x09: "tab",
  0x0a: "line feed",
  0x0d: "carriage return",
  0x1b: "escape",
  0x7f: "delete",
  0x200e: "left-to-right mark",
  0x200f: "right-to-left mark",
  0x202a: "left-to-right embedding",
  0x202b: "right-to-left embedding",
  0x202c: "pop directional formatting",
  0x202d: "left-to-right override",
  0x202e: "right-to-left override",
  0x2066: "left-to-right isolate",
  0x2067: "right-to-left isolate",
  0x2068: "first strong isolate",
  0x2069: "pop directional isolate",
};

/** How many distinct characters a message lists before "and N more". */
const LISTED = 5;

/** One character for a message: `"/" (U+002F)`, or `U+000A (line feed)` for an invisible one. */
function characterShown(character: string): string {
  const code = character.codePointAt(0)!;
  const point = `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  const name = CHARACTER_NAMES[code];
  if (name !== undefined) return `${point} (${name})`;
  // Anything that does not show as itself (spaces, marks, format characters) by code point only.
  return /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(character) ? `"${character}" (${point})` : point;
}

/** The distinct characters of `found`, listed for a message, and whether they are several. */
function charactersShown(found: Iterable<string>): { text: string; several: boolean } {
  const distinct = [...new Set(found)];
  const shown = distinct.slice(0, LISTED).map(characterShown);
  const more = distinct.length - shown.length;
  const text =
    shown.length === 1
      ? shown[0]!
      : `${shown.slice(0, -1).join(", ")}${more > 0 ? `, ${shown.at(-1)!} and ${more} more` : ` and ${shown.at(-1)!}`}`;
  return { text, several: distinct.length > 1 };
}

/**
 * What a rule's name or description misses, or undefined: it must match
 * {@link RULE_NAME_PATTERN}, and a description may also be empty. The expectation names the
 * characters the service would refuse and what it allows.
 */
export function ruleTextProblem(text: string, { allowEmpty = false } = {}): string | undefined {
  if (text === "") {
    return allowEmpty ? undefined : `expected at least one character: ${RULE_NAME_ALLOWED}`;
  }
  if (RULE_NAME_PATTERN.test(text)) return undefined;
  const { text: shown, several } = charactersShown(text.match(/[^a-zA-Z0-9 ]/gu) ?? []);
  return (
    `${shown} ${several ? "are" : "is"} not allowed: the service takes only ` +
    `${RULE_NAME_ALLOWED} in rule names and descriptions`
  );
}

/**
 * What a name misses because of {@link UNSAFE_CHARACTER}s, or undefined: the expectation names
 * each one found (a line break, say, or a right-to-left override).
 */
export function unsafeTextProblem(text: string): string | undefined {
  const found = text.match(UNSAFE_CHARACTERS);
  if (found === null) return undefined;
  const { text: shown, several } = charactersShown(found);
  return `${shown} ${several ? "are" : "is"} not allowed: control characters and bidirectional marks, overrides and isolates are refused`;
}

/** `text` with every {@link UNSAFE_CHARACTER} written as its `\uXXXX` escape, so that it shows. */
export function escapeUnsafe(text: string): string {
  return text.replace(
    UNSAFE_CHARACTERS,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
