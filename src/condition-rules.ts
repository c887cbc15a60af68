/**
 * Rules about a custom WAF rule's or rate limit's condition that the live service refuses,
 * declared once and shared by the resources' `check` and the emulator (which stands for the
 * service): every operator but the two detections compares with a value, RX's value is a
 * regular expression, and a GEO condition names a field the service has. octorules-bunny,
 * written against the live service, lints each as an error (BN106, BN105, BN116).
 */

/**
 * The operators that take no value, by name and number (`WafRuleOperatorType`): the service's
 * own SQL-injection and cross-site-scripting detection.
 */
export const VALUELESS_OPERATORS: Readonly<Record<string, number>> = {
  DETECTSQLI: 17,
  DETECTXSS: 18,
};

/** The operator whose value is a regular expression, by name and number (`WafRuleOperatorType`). */
export const REGEX_OPERATORS: Readonly<Record<string, number>> = { RX: 14 };

/** The fields a `GEO` condition can inspect (its `variableValue`), in capitals as the service has them. */
export const GEO_FIELDS = [
  "COUNTRY_CODE",
  "LATITUDE",
  "LONGITUDE",
  "ASN",
  "CITY",
  "CONTINENT",
] as const;

/** A condition as both vocabularies can give it: the operator by name (inputs) or number (API). */
export interface ConditionFields {
  /** The request variable, e.g. `REQUEST_URI` or `GEO`. */
  variable: string;
  /** Its selector (a header name, a GEO field), or "". */
  variableValue: string;
  /** The operator: its name (`RX`) or its number (14). */
  operator: string | number;
  /** What the variable is compared with; "" when none is given. */
  value: string;
}

/** What the service would refuse in a condition: the field at fault and what it expects. */
export interface ConditionProblem {
  /** The condition's field at fault. */
  field: "variableValue" | "value";
  /** What the service expects there, for a message after the field and its value. */
  expectation: string;
}

const isOneOf = (operators: Readonly<Record<string, number>>, operator: string | number) =>
  typeof operator === "number"
    ? Object.values(operators).includes(operator)
    : Object.hasOwn(operators, operator);

const quoted = (texts: readonly string[]) => texts.map((t) => `"${t}"`).join(", ");

/** The first thing the live service would refuse in `condition`, or undefined. */
export function conditionProblem(condition: ConditionFields): ConditionProblem | undefined {
  const { variable, variableValue, operator, value } = condition;
  if (value === "" && !isOneOf(VALUELESS_OPERATORS, operator)) {
    return {
      field: "value",
      expectation: `expected a value: the operator ${JSON.stringify(operator)} compares the variable with one; only ${Object.keys(VALUELESS_OPERATORS).join(" and ")} take none (to match an empty variable, use RX with "^$")`,
    };
  }
  if (isOneOf(REGEX_OPERATORS, operator)) {
    const problem = regexProblem(value);
    if (problem !== undefined) {
      return { field: "value", expectation: `not a regular expression: ${problem}` };
    }
  }
  if (
    variable === "GEO" &&
    variableValue !== "" &&
    !(GEO_FIELDS as readonly string[]).includes(variableValue)
  ) {
    const upper = variableValue.toUpperCase();
    const meant = (GEO_FIELDS as readonly string[]).includes(upper) ? ` ("${upper}")` : "";
    return {
      field: "variableValue",
      expectation: `expected one of ${quoted(GEO_FIELDS)} for GEO, in capitals${meant}`,
    };
  }
  return undefined;
}

/** A quantifier's text at `at`: `*`, `+`, `?`, `{n}`, `{n,}` or `{n,m}`, or undefined. */
function quantifierAt(pattern: string, at: number): string | undefined {
  const c = pattern[at];
  if (c === "*" || c === "+" || c === "?") return c;
  if (c !== "{") return undefined;
  // Any other brace is a literal character in every engine.
  return /^\{\d+(?:,\d*)?\}/.exec(pattern.slice(at))?.[0];
}

/**
 * The escape at `at` (a `\\`): the character it stands for, when it is one (`\\.`, `\\x2f`,
 * `\\u00e9`), or undefined (`\\d`, `\\p{L}`, an octal or a back-reference), and where it ends.
 * Braced escapes (`\\x{…}`, `\\p{…}`, `\\g{…}`…) end after their brace, so that it is not read as a
 * quantifier.
 */
function escapeAt(pattern: string, at: number): { char: string | undefined; next: number } {
  const rest = pattern.slice(at + 1);
  const hex = /^(?:x([0-9a-fA-F]{2})|x\{([0-9a-fA-F]{1,6})\}|u([0-9a-fA-F]{4}))/.exec(rest);
  if (hex) {
    const code = parseInt(hex[1] ?? hex[2] ?? hex[3]!, 16);
    const char = code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
    return { char, next: at + 1 + hex[0].length };
  }
  const other = /^(?:[xpPNogk]\{[^}]*\}|c.|\d{1,3})/su.exec(rest);
  if (other) return { char: undefined, next: at + 1 + other[0].length };
  const escaped = String.fromCodePoint(rest.codePointAt(0)!);
  const literal = !/^[\p{L}\p{N}]$/u.test(escaped);
  return { char: literal ? escaped : undefined, next: at + 1 + escaped.length };
}

/**
 * Where the class opened at `start` ends (its `]`), or what is wrong with it: never closed,
 * or a range in reverse order (`z-a`).
 */
function classEnd(pattern: string, start: number): number | string {
  let at = start + 1;
  if (pattern[at] === "^") at += 1;
  // A "]" first is a member, not the end, in PCRE, .NET, RE2 and Python.
  if (pattern[at] === "]") at += 1;
  /** The member at `at` and where it ends: a character, or undefined for `\d`, `[:alpha:]`… */
  const member = (): { char: string | undefined; next: number } | undefined => {
    if (at >= pattern.length) return undefined;
    const c = String.fromCodePoint(pattern.codePointAt(at)!);
    if (c === "\\") return at + 1 < pattern.length ? escapeAt(pattern, at) : undefined;
    if (c === "[" && pattern[at + 1] === ":") {
      const end = pattern.indexOf(":]", at + 2);
      if (end >= 0) return { char: undefined, next: end + 2 };
    }
    return { char: c, next: at + c.length };
  };
  while (at < pattern.length && pattern[at] !== "]") {
    const from = member();
    if (from === undefined) break;
    const rangeAt = at;
    at = from.next;
    if (pattern[at] !== "-" || at + 1 >= pattern.length || pattern[at + 1] === "]") continue;
    at += 1;
    const to = member();
    if (to === undefined) break;
    at = to.next;
    if (
      from.char !== undefined &&
      to.char !== undefined &&
      from.char.codePointAt(0)! > to.char.codePointAt(0)!
    ) {
      return `the range "${pattern.slice(rangeAt, at)}" at position ${rangeAt} is in reverse order; write "${to.char}-${from.char}"`;
    }
  }
  if (at < pattern.length) return at;
  return `the character class "[" opened at position ${start} is never closed; close it with "]", or escape the "[" as "\\["`;
}

/**
 * What makes `pattern` no regular expression, or undefined. The engine behind the service is
 * not published, so only faults that PCRE, .NET, RE2 and Python's `re` all refuse are found:
 * a lone `\` at the end, a class `[` or group `(` never closed, a `)` that closes nothing, a
 * quantifier with nothing to repeat (first, after `(` or `|`) or repeating a quantifier
 * (`a**`; the lazy `a*?` and possessive `a*+` suffixes are allowed), `{n,m}` with n > m, and a
 * class range in reverse order. A pattern one engine takes is let through.
 */
export function regexProblem(pattern: string): string | undefined {
  const groups: number[] = [];
  // What a quantifier here would repeat: nothing, an atom, a quantifier, or a suffixed one.
  let previous: "nothing" | "atom" | "quantifier" | "suffixed" = "nothing";
  let at = 0;
  while (at < pattern.length) {
    const c = pattern[at]!;
    if (c === "\\") {
      if (at + 1 >= pattern.length) {
        return `it ends with a lone "\\"; escape it as "\\\\"`;
      }
      if (pattern[at + 1] === "Q") {
        // \Q…\E quotes its text (PCRE, RE2); to the end when \E is missing.
        const end = pattern.indexOf("\\E", at + 2);
        at = end < 0 ? pattern.length : end + 2;
      } else {
        at = escapeAt(pattern, at).next;
      }
      previous = "atom";
      continue;
    }
    if (c === "[") {
      const end = classEnd(pattern, at);
      if (typeof end === "string") return end;
      at = end + 1;
      previous = "atom";
      continue;
    }
    if (c === "(") {
      if (pattern.startsWith("(?#", at)) {
        const end = pattern.indexOf(")", at);
        if (end < 0) {
          return `the comment "(?#" opened at position ${at} is never closed; close it with ")"`;
        }
        at = end + 1;
        continue;
      }
      groups.push(at);
      at += 1;
      previous = "nothing";
      if (pattern[at] !== "?") continue;
      at += 1;
      const kind = pattern.slice(at);
      if (/^[:=!>|]/.test(kind)) at += 1;
      else if (/^<[=!]/.test(kind)) at += 2;
      else if (/^(?:<|'|P<)/.test(kind)) {
        const close = kind.startsWith("'") ? "'" : ">";
        const end = pattern.indexOf(close, at + (kind.startsWith("P") ? 2 : 1));
        if (end < 0) {
          return `the group name opened at position ${at - 2} is never closed; close it with "${close}"`;
        }
        at = end + 1;
      }
      // Flags, conditions, recursions and back-references: their text reads as atoms.
      else previous = "atom";
      continue;
    }
    if (c === ")") {
      if (groups.length === 0) {
        return `the ")" at position ${at} closes no group; escape it as "\\)"`;
      }
      groups.pop();
      at += 1;
      previous = "atom";
      continue;
    }
    if (c === "|") {
      at += 1;
      previous = "nothing";
      continue;
    }
    const quantifier = quantifierAt(pattern, at);
    if (quantifier === undefined) {
      at += 1;
      previous = "atom";
      continue;
    }
    if (previous === "nothing") {
      return `the quantifier "${quantifier}" at position ${at} has nothing to repeat; escape it as "\\${c}"`;
    }
    if (previous === "quantifier" && (quantifier === "?" || quantifier === "+")) {
      at += 1;
      previous = "suffixed";
      continue;
    }
    if (previous !== "atom") {
      return `the quantifier "${quantifier}" at position ${at} repeats a quantifier; escape it as "\\${c}", or group what it repeats`;
    }
    const [min, max] = quantifier.slice(1, -1).split(",");
    if (max !== undefined && max !== "" && Number(min) > Number(max)) {
      return `the quantifier "${quantifier}" at position ${at} counts down; write "{${max},${min}}"`;
    }
    at += quantifier.length;
    previous = "quantifier";
  }
  if (groups.length > 0) {
    return `the group "(" opened at position ${groups.at(-1)} is never closed; close it with ")", or escape the "(" as "\\("`;
  }
  return undefined;
}
