/**
 * Names as Pulumi's code generators (pkg/v3 v3.248.0, which writes `sdk/`) spell them in Python
 * and Go, so that a generated program names what the SDKs define: `pull_zone_id`,
 * `shield.WafRuleVariable.REQUEST_URI`, `PullZoneId`, `shield.WafRuleVariableRequestUri`.
 * `test/generate/sdk-names.test.ts` holds every name of the schema against the SDKs' sources.
 */

/** Python's keywords (2 and 3), which the generator suffixes with `_`. */
const PYTHON_KEYWORDS = new Set(
  (
    "False None True and as assert async await break class continue def del elif else except " +
    "exec finally for from global if import in is lambda nonlocal not or pass print raise " +
    "return try while with yield"
  ).split(" "),
);

const isUpper = (char: string) => char !== char.toLowerCase() && char === char.toUpperCase();
const isDigit = (char: string) => /\p{Nd}/u.test(char);
const isIdentifierPart = (char: string) => /[\p{L}\p{Nd}_]/u.test(char);
const isIdentifierStart = (char: string) => /[\p{L}_]/u.test(char);

/**
 * A camelCase name in snake_case as Pulumi's Python generator writes it (`PyName`): an acronym
 * is one word, with the digits or the `s` after it (`VPNs` → `vpns`, `IpJa4` → `ip_ja4`).
 */
export function pythonName(name: string): string {
  type State = "first" | "upper" | "acronym" | "lower";
  let state: State = "first";
  const words: string[] = [];
  let current = "";
  for (let char of name) {
    if (!isIdentifierPart(char)) char = "_";
    switch (state) {
      case "first":
        if (!isIdentifierStart(char)) current += "_";
        state = isUpper(char) ? "upper" : "lower";
        current += char.toLowerCase();
        break;
      case "upper":
        state = isUpper(char) ? "acronym" : "lower";
        current += char.toLowerCase();
        break;
      case "acronym":
        if (isUpper(char)) current += char.toLowerCase();
        else if (isDigit(char) || char === "s") {
          state = "lower";
          current += char;
        } else {
          // The acronym's last capital starts the next word.
          const chars = [...current];
          const last = chars.pop()!;
          words.push(chars.join(""));
          current = last + char;
          state = "lower";
        }
        break;
      case "lower":
        if (isUpper(char)) {
          words.push(current);
          current = char.toLowerCase();
          state = "upper";
        } else current += char;
        break;
    }
  }
  if (current !== "") words.push(current);
  const joined = words.join("_");
  return PYTHON_KEYWORDS.has(joined) ? `${joined}_` : joined;
}

/** A valid identifier: any other character an underscore, and one before a leading digit. */
function validIdentifier(name: string): string {
  let out = "";
  for (const char of name) {
    if (!isIdentifierPart(char)) out += "_";
    else {
      if (out === "" && !isIdentifierStart(char)) out += "_";
      out += char;
    }
  }
  return out;
}

/** An enum member's name in Python (`RequestUri` of `WafRuleVariable` → `REQUEST_URI`). */
export function pythonEnumMember(name: string, typeName: string): string {
  let safe = validIdentifier(pythonName(name).toUpperCase());
  if (safe.startsWith("_")) safe = pythonName(typeName).toUpperCase() + safe;
  return safe.replace(/_+/g, "_");
}

/** Go's keywords and predeclared identifiers, which the generator prefixes with `_`. */
const GO_RESERVED = new Set(
  (
    "break default func interface select case defer go map struct chan else goto package " +
    "switch const fallthrough if range type continue for import return var any bool byte " +
    "comparable complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune " +
    "string uint uint8 uint16 uint32 uint64 uintptr true false iota nil"
  ).split(" "),
);

/** A name with its first letter in capitals (Go's exported names: `pullZoneId` → `PullZoneId`). */
export function goName(name: string): string {
  const chars = [...name.replace(/^\$/, "")];
  if (chars.length === 0) return "";
  chars[0] = chars[0]!.toUpperCase();
  return chars.join("");
}

/** An enum member's constant in Go (`RequestUri` of `WafRuleVariable` → `WafRuleVariableRequestUri`). */
export function goEnumConstant(name: string, typeName: string): string {
  const title = goName(name).replace(/-(.?)/gu, (_, next: string) => `_${next.toUpperCase()}`);
  let safe = validIdentifier(title);
  if (GO_RESERVED.has(safe)) safe = `_${safe}`;
  safe = safe.replace(/_+/g, "_");
  if (safe.includes("_") && !safe.startsWith("_")) safe = `_${safe}`;
  return typeName + safe;
}
