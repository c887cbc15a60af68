/**
 * Findings on one `WafCustomRule` or `RateLimit`: its conditions, transformations, name and
 * description. Each answers a lint rule of octorules-bunny (its BN id in `peer`), with the
 * variables and operators as this provider names them (`REQUEST_URI`, `BEGINSWITH`).
 */
import type { ResourceFinding } from "./findings";
import { shown, type Props } from "./resources";

/** A rule's condition as its inputs hold it after `check`. */
export interface Condition {
  variable: string;
  variableValue: string;
  operator: string;
  value: string;
  negated: boolean;
}

/** The conditions of a rule's props; members left out read as the API's defaults. */
export function conditionsOf(props: Props): Condition[] {
  if (!Array.isArray(props.conditions)) return [];
  return props.conditions
    .filter((c): c is Record<string, unknown> => typeof c === "object" && c !== null)
    .map((c) => ({
      variable: String(c.variable ?? ""),
      variableValue: typeof c.variableValue === "string" ? c.variableValue : "",
      operator: String(c.operator ?? ""),
      value: typeof c.value === "string" ? c.value : "",
      negated: c.negated === true,
    }));
}

/**
 * A condition's identity: two conditions with the same key match the same requests (a value
 * compared with STREQ or CONTAINSWORD, which ignore case, in lower case).
 */
export const conditionKey = (c: Condition): string =>
  JSON.stringify([
    c.variable,
    c.operator,
    IGNORING_CASE.has(c.operator) ? c.value.toLowerCase() : c.value,
    c.variableValue,
    c.negated,
  ]);

const RULE_KINDS = ["WafCustomRule", "RateLimit"] as const;
/** The comparisons that ignore case (the peer's BN122, BN520). */
const IGNORING_CASE = new Set(["STREQ", "CONTAINSWORD"]);
const DETECT = new Set(["DETECTSQLI", "DETECTXSS"]);

/**
 * Whether a condition on its own matches every request: `CONTAINS ""`, `BEGINSWITH "/"`,
 * `RX ".*"`… (the peer's catch-all patterns). A negated one matches none.
 */
export function isCatchAll(c: Condition): boolean {
  if (DETECT.has(c.operator)) return false;
  return (
    (["CONTAINS", "CONTAINSWORD", "WITHIN"].includes(c.operator) && c.value === "") ||
    (c.operator === "BEGINSWITH" && c.value === "/") ||
    (c.operator === "RX" && [".*", "^.*$", ".+", ""].includes(c.value))
  );
}

/** `conditions[i]` of a rule and its comparison, for messages. */
const at = (i: number, c: Condition) =>
  `conditions[${i}] (${c.variable}${c.variableValue ? `:${c.variableValue}` : ""} ${c.operator} ${shown(c.value)})`;

/** A finding on each condition of a rule: `problem` says what is wrong with one, if anything. */
function perCondition(
  info: Omit<ResourceFinding, "kinds" | "judge">,
  problem: (c: Condition) => string | undefined,
): ResourceFinding {
  return {
    ...info,
    kinds: RULE_KINDS,
    judge: (props) =>
      conditionsOf(props).flatMap((c, i) => {
        const found = problem(c);
        return found === undefined ? [] : [`${at(i, c)} ${found}`];
      }),
  };
}

/** BN108: a condition that matches every request (or, negated, none). */
export const catchAllCondition = perCondition(
  {
    name: "shield-rule-catch-all",
    peer: ["BN108"],
    description:
      'A rule\'s condition does not match every request (CONTAINS "", BEGINSWITH "/", RX ".*", …).',
    severity: "medium",
    enforcementLevel: "advisory",
    remediationSteps:
      'Give the condition a specific value (e.g. BEGINSWITH "/admin"); to act on every client, use an access list.',
  },
  (c) => {
    if (!isCatchAll(c)) return undefined;
    return c.negated
      ? "is negated and matches every request, so it matches none: the rule never applies. Remove negated, or give a specific value."
      : 'matches every request. Give a specific value, such as BEGINSWITH "/admin".';
  },
);

const PERMISSIVE = new Set([
  "",
  ".",
  ".*",
  "^.*",
  ".*$",
  "^.*$",
  ".+",
  "^.+",
  ".+$",
  "^.+$",
  "^",
  "$",
  "|",
]);
const PERMISSIVE_PATHS = new Set(["/", "^/", "/.*", "^/.*", "/.*$", "^/.*$"]);
const PATH_VARIABLES = new Set(["REQUEST_URI", "REQUEST_FILENAME"]);

/** BN120: an RX pattern that matches (almost) everything. */
export const permissiveRegex = perCondition(
  {
    name: "shield-rule-permissive-regex",
    peer: ["BN120"],
    description:
      "A rule's RX pattern is not one that matches (almost) every value, such as .* or ^/.",
    severity: "medium",
    enforcementLevel: "advisory",
    remediationSteps: "Write the pattern for what the rule is after, or use BEGINSWITH / EQ.",
  },
  (c) => {
    if (c.operator !== "RX") return undefined;
    if (PERMISSIVE.has(c.value))
      return "is a pattern that matches almost every value. Write a specific pattern.";
    if (PATH_VARIABLES.has(c.variable) && PERMISSIVE_PATHS.has(c.value)) {
      return `matches almost every path of ${c.variable}. Write a specific pattern, or use BEGINSWITH with the path.`;
    }
    return undefined;
  },
);

/** BN119: an RX pattern starting with `.*` or `.+`, which an unanchored match does not need. */
export const regexLeadingWildcard = perCondition(
  {
    name: "shield-rule-regex-leading-wildcard",
    peer: ["BN119"],
    description:
      "A rule's RX pattern does not start with .* or .+ (redundant in an unanchored match, and slow).",
    severity: "low",
    enforcementLevel: "advisory",
    remediationSteps: "Remove the leading .* or .+: the pattern matches anywhere already.",
  },
  (c) =>
    c.operator === "RX" &&
    ![".*", "^.*$", ".+"].includes(c.value) &&
    (c.value.startsWith(".*") || c.value.startsWith(".+"))
      ? `starts with ${shown(c.value.slice(0, 2))}: a pattern matches anywhere already, and the prefix makes it backtrack. Write ${shown(c.value.slice(2))}.`
      : undefined,
);

const ANCHORED_LITERAL = /^\^((?:[a-zA-Z0-9_/-]|\\\.|\\\/)+)\$$/;

/** BN549: an RX pattern that is a literal between `^` and `$`: an equality. */
export const regexAnchoredLiteral = perCondition(
  {
    name: "shield-rule-regex-anchored-literal",
    peer: ["BN549"],
    description:
      "A rule's RX pattern is not a plain literal between ^ and $ (an equality written as a regex).",
    severity: "low",
    enforcementLevel: "advisory",
    remediationSteps: "Use STREQ with the literal: clearer, and no regex to run.",
  },
  (c) => {
    const literal = c.operator === "RX" ? ANCHORED_LITERAL.exec(c.value)?.[1] : undefined;
    if (literal === undefined) return undefined;
    const plain = literal.replace(/\\\./g, ".").replace(/\\\//g, "/");
    return `is the literal ${shown(plain)} anchored at both ends. Use operator STREQ with value ${shown(plain)}.`;
  },
);

const NUMERIC_OPERATORS = new Set(["EQ", "GE", "GT", "LE", "LT"]);
const NUMERIC_VARIABLES = new Set(["ARGS_COMBINED_SIZE", "RESPONSE_STATUS"]);

/** BN107: a numeric comparison of a variable that is text. */
export const numericOperator = perCondition(
  {
    name: "shield-rule-numeric-operator",
    peer: ["BN107"],
    description:
      "A rule compares numbers (EQ, GE, GT, LE, LT) only on numeric variables (ARGS_COMBINED_SIZE, RESPONSE_STATUS).",
    severity: "medium",
    enforcementLevel: "advisory",
    remediationSteps: "Use a text operator (STREQ, BEGINSWITH, CONTAINS…) on a text variable.",
  },
  (c) =>
    NUMERIC_OPERATORS.has(c.operator) && !NUMERIC_VARIABLES.has(c.variable)
      ? `compares ${c.variable}, which is text, as a number. Use STREQ (or another text operator), or a numeric variable (ARGS_COMBINED_SIZE, RESPONSE_STATUS).`
      : undefined,
);

const WITH_SELECTOR = new Set([
  "ARGS",
  "ARGS_GET",
  "ARGS_POST",
  "GEO",
  "REQUEST_COOKIES",
  "REQUEST_HEADERS",
  "RESPONSE_HEADERS",
]);
// VERIFIED_BOT_CATEGORY is newer than the peer's catalogue: whether it takes a selector is not known.
const SELECTOR_UNKNOWN = new Set(["VERIFIED_BOT_CATEGORY"]);

/** BN109: a selector (`variableValue`) on a variable that takes none. */
export const selectorUnsupported = perCondition(
  {
    name: "shield-rule-selector-unsupported",
    peer: ["BN109"],
    description:
      "A rule gives variableValue only to variables that take one (ARGS*, GEO, REQUEST_COOKIES, REQUEST_HEADERS, RESPONSE_HEADERS).",
    severity: "medium",
    enforcementLevel: "advisory",
    remediationSteps:
      "Remove variableValue, or pick the variable it selects in (e.g. REQUEST_HEADERS).",
  },
  (c) =>
    c.variableValue !== "" && !WITH_SELECTOR.has(c.variable) && !SELECTOR_UNKNOWN.has(c.variable)
      ? `gives variableValue ${shown(c.variableValue)} to ${c.variable}, which takes none. Remove variableValue.`
      : undefined,
);

const SELECTOR_NEEDED: Record<string, string> = {
  GEO: 'the field to compare (COUNTRY_CODE, ASN, CITY, CONTINENT, LATITUDE, LONGITUDE), e.g. variableValue: "COUNTRY_CODE"',
  REQUEST_HEADERS: 'the header\'s name, e.g. variableValue: "User-Agent"',
  REQUEST_COOKIES: 'the cookie\'s name, e.g. variableValue: "session"',
};

/** BN115, BN117: GEO, REQUEST_HEADERS or REQUEST_COOKIES without the selector they need. */
export const selectorMissing = perCondition(
  {
    name: "shield-rule-selector-missing",
    peer: ["BN115", "BN117"],
    description:
      "A rule's GEO, REQUEST_HEADERS or REQUEST_COOKIES condition names what it inspects (variableValue).",
    severity: "medium",
    enforcementLevel: "advisory",
    remediationSteps: "Give variableValue: the GEO field, the header's or the cookie's name.",
  },
  (c) =>
    c.variableValue === "" && SELECTOR_NEEDED[c.variable] !== undefined
      ? `has no variableValue. Give ${SELECTOR_NEEDED[c.variable]}.`
      : undefined,
);

const DECODED = new Set(["REQUEST_URI", "REQUEST_FILENAME", "REQUEST_BASENAME"]);
const LITERAL_OPERATORS = new Set([
  "EQ",
  "STREQ",
  "STRMATCH",
  "BEGINSWITH",
  "ENDSWITH",
  "CONTAINS",
  "CONTAINSWORD",
]);
const PERCENT_ENCODED = /%[0-9A-Fa-f]{2}/;

/** BN123: a percent-encoded literal compared with a variable that is decoded already. */
export const percentEncoded = perCondition(
  {
    name: "shield-rule-percent-encoded",
    peer: ["BN123"],
    description:
      "A rule compares the decoded REQUEST_URI, REQUEST_FILENAME or REQUEST_BASENAME with no percent-encoded text (%2F…), which never matches.",
    severity: "medium",
    enforcementLevel: "advisory",
    remediationSteps: 'Write the decoded text ("/" for %2F), or compare REQUEST_URI_RAW.',
  },
  (c) =>
    DECODED.has(c.variable) && LITERAL_OPERATORS.has(c.operator) && PERCENT_ENCODED.test(c.value)
      ? `holds percent-encoded text (${shown(PERCENT_ENCODED.exec(c.value)![0])}), but ${c.variable} is decoded, so it never matches. Write the decoded text, or use REQUEST_URI_RAW.`
      : undefined,
);

/** BN124: CONTAINSWORD with a value of several words, which never matches. */
export const containsWordSpace = perCondition(
  {
    name: "shield-rule-contains-word-space",
    peer: ["BN124"],
    description: "A rule's CONTAINSWORD value is one word (no whitespace), or it never matches.",
    severity: "medium",
    enforcementLevel: "advisory",
    remediationSteps: "Use CONTAINS for a phrase, or one CONTAINSWORD condition per word.",
  },
  (c) =>
    c.operator === "CONTAINSWORD" && /\s/.test(c.value)
      ? "holds whitespace: CONTAINSWORD matches one word, so it never matches. Use CONTAINS, or one CONTAINSWORD condition per word."
      : undefined,
);

/** BN402: a value given to DETECTSQLI or DETECTXSS, which ignore it. */
export const detectValue = perCondition(
  {
    name: "shield-rule-detect-value",
    peer: ["BN402"],
    description: "A rule's DETECTSQLI or DETECTXSS condition has no value (they ignore it).",
    severity: "medium",
    enforcementLevel: "advisory",
    remediationSteps: "Remove the value: the operator runs its own detection.",
  },
  (c) =>
    DETECT.has(c.operator) && c.value !== ""
      ? `gives a value to ${c.operator}, which ignores it: the detection is the service's own. Remove value.`
      : undefined,
);

const CASE_SENSITIVE = new Set([
  "STRMATCH",
  "RX",
  "BEGINSWITH",
  "CONTAINS",
  "CONTAINSWORD",
  "ENDSWITH",
]);

/** BN520: a lower-case HTTP method compared case-sensitively. */
export const methodCase = perCondition(
  {
    name: "shield-rule-method-case",
    peer: ["BN520"],
    description:
      "A rule compares REQUEST_METHOD case-sensitively only with upper-case methods (GET, POST…).",
    severity: "medium",
    enforcementLevel: "advisory",
    remediationSteps: "Write the method in capitals, as requests carry it.",
  },
  (c) =>
    c.variable === "REQUEST_METHOD" && CASE_SENSITIVE.has(c.operator) && /[a-z]/.test(c.value)
      ? `compares the method with lower case, and ${c.operator} is case-sensitive: requests carry ${shown(c.value.toUpperCase())}. Write value ${shown(c.value.toUpperCase())}.`
      : undefined,
);

const PATH_OPERATORS = new Set(["EQ", "STREQ", "STRMATCH", "BEGINSWITH", "CONTAINS"]);

/** BN521: a path compared without its leading slash. */
export const pathSlash = perCondition(
  {
    name: "shield-rule-path-slash",
    peer: ["BN521"],
    description: "A rule compares REQUEST_URI or REQUEST_FILENAME with a path that starts with /.",
    severity: "medium",
    enforcementLevel: "advisory",
    remediationSteps: 'Start the value with /, so that "admin" does not also match /superadmin.',
  },
  (c) =>
    PATH_VARIABLES.has(c.variable) &&
    PATH_OPERATORS.has(c.operator) &&
    c.value !== "" &&
    !c.value.startsWith("/")
      ? `compares a path without its leading slash, which also matches inside other paths. Write ${shown(`/${c.value}`)}.`
      : undefined,
);

/** A finding on a rule as a whole. */
const perRule = (
  info: Omit<ResourceFinding, "kinds" | "judge">,
  judge: (props: Props) => string[],
): ResourceFinding => ({ ...info, kinds: RULE_KINDS, judge });

const textsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/**
 * BN122: LOWERCASE before comparisons that all ignore case anyway. The peer fires on any one
 * such comparison; the transformation applies to every condition of the rule, so one that is
 * case-sensitive (BEGINSWITH "/admin") still needs it, and this finding waits for all.
 */
export const redundantLowercase = perRule(
  {
    name: "shield-rule-redundant-lowercase",
    peer: ["BN122"],
    description:
      "A rule does not apply LOWERCASE when every condition compares with STREQ or CONTAINSWORD, which ignore case already.",
    severity: "low",
    enforcementLevel: "advisory",
    remediationSteps: "Remove LOWERCASE, or use STRMATCH when case matters.",
  },
  (props) => {
    const conditions = conditionsOf(props);
    if (!textsOf(props.transformations).includes("LOWERCASE") || conditions.length === 0) return [];
    if (!conditions.every((c) => IGNORING_CASE.has(c.operator))) return [];
    const operators = [...new Set(conditions.map((c) => c.operator))];
    return [
      `transformations include "LOWERCASE", but every condition compares with ${operators.join(" and ")}, which ${operators.length === 1 ? "ignores" : "ignore"} case already. Remove "LOWERCASE" from transformations.`,
    ];
  },
);

// Two spellings of one transformation: the service names both (10 and 11, 12 and 13).
const SAME_TRANSFORMATION: Record<string, string> = {
  NORMALISEPATH: "NORMALIZEPATH",
  NORMALISEPATHWIN: "NORMALIZEPATHWIN",
};

/**
 * BN125: a transformation listed twice, under one name or its two spellings (`check` keeps one
 * of two equal names, so the spellings are what reaches a policy).
 */
export const duplicateTransformation = perRule(
  {
    name: "shield-rule-duplicate-transformation",
    peer: ["BN125"],
    description: "A rule lists each transformation once (NORMALISEPATH is NORMALIZEPATH).",
    severity: "medium",
    enforcementLevel: "advisory",
    remediationSteps: "Remove the repeated transformation.",
  },
  (props) => {
    const first = new Map<string, string>();
    return textsOf(props.transformations).flatMap((t) => {
      const same = SAME_TRANSFORMATION[t] ?? t;
      const earlier = first.get(same);
      if (earlier === undefined) {
        first.set(same, t);
        return [];
      }
      return [
        `transformations list ${shown(t)}${earlier === t ? " more than once" : `, the same as ${shown(earlier)}`}. Remove the repeat.`,
      ];
    });
  },
);

/** BN403: the same condition twice in one rule. */
export const duplicateCondition = perRule(
  {
    name: "shield-rule-duplicate-condition",
    peer: ["BN403"],
    description: "A rule does not repeat a condition (all must match, so a repeat does nothing).",
    severity: "medium",
    enforcementLevel: "advisory",
    remediationSteps: "Remove the repeated condition, or change it to what was meant.",
  },
  (props) => {
    const first = new Map<string, number>();
    return conditionsOf(props).flatMap((c, i) => {
      const key = conditionKey(c);
      const earlier = first.get(key);
      if (earlier === undefined) {
        first.set(key, i);
        return [];
      }
      return [`${at(i, c)} repeats conditions[${earlier}]. Remove it.`];
    });
  },
);

/** The most conditions a rule should chain (the peer's limit). */
export const MAX_CONDITIONS = 10;

/** BN404: more than 10 conditions in one rule. */
export const tooManyConditions = perRule(
  {
    name: "shield-rule-too-many-conditions",
    peer: ["BN404"],
    description: `A rule chains at most ${MAX_CONDITIONS} conditions.`,
    severity: "medium",
    enforcementLevel: "advisory",
    remediationSteps: "Split the rule in two, or move lists of values into an access list.",
  },
  (props) => {
    const n = conditionsOf(props).length;
    return n > MAX_CONDITIONS
      ? [
          `has ${n} conditions, more than ${MAX_CONDITIONS}: the service may refuse it. Split it into rules of at most ${MAX_CONDITIONS}.`,
        ]
      : [];
  },
);

/** BN600: a name of fewer than 2 characters. */
export const shortName = perRule(
  {
    name: "shield-rule-short-name",
    peer: ["BN600"],
    description:
      "A rule's name has at least 2 characters, so that the dashboard and event logs say what it is.",
    severity: "low",
    enforcementLevel: "advisory",
    remediationSteps: 'Give the rule a name that says what it does, e.g. "Block admin".',
  },
  (props) =>
    typeof props.name === "string" && props.name.trim().length < 2
      ? [
          `name ${shown(props.name)} is shorter than 2 characters. Name what the rule does, e.g. "Block admin".`,
        ]
      : [],
);

/** BN601: no description. */
export const noDescription = perRule(
  {
    name: "shield-rule-no-description",
    peer: ["BN601"],
    description: "A rule has a description, which the dashboard shows to whoever meets it there.",
    severity: "low",
    enforcementLevel: "advisory",
    remediationSteps: "Add a description: why the rule exists.",
  },
  (props) =>
    props.description === undefined || props.description === ""
      ? ["has no description. Add one that says why the rule exists."]
      : [],
);

/** BN210: a rate limit that blocks for 30 seconds. */
export const shortBlockTime: ResourceFinding = {
  name: "shield-rate-limit-short-block",
  peer: ["BN210"],
  description: "A RateLimit blocks for more than 30 seconds, or a client simply waits it out.",
  severity: "medium",
  enforcementLevel: "advisory",
  remediationSteps: 'Set blockTime to "ForFiveMinutes" or more.',
  kinds: ["RateLimit"],
  judge: (props) =>
    props.blockTime === "ForThirtySeconds" || props.blockTime === 30
      ? [
          `blockTime is ${shown(props.blockTime)}: a client waits 30 seconds and carries on. Set blockTime: "ForFiveMinutes".`,
        ]
      : [],
};

/** Every finding of this file, in the order the pack runs them. */
export const RULE_FINDINGS: readonly ResourceFinding[] = [
  catchAllCondition,
  permissiveRegex,
  regexLeadingWildcard,
  regexAnchoredLiteral,
  numericOperator,
  selectorUnsupported,
  selectorMissing,
  percentEncoded,
  containsWordSpace,
  detectValue,
  methodCase,
  pathSlash,
  redundantLowercase,
  duplicateTransformation,
  duplicateCondition,
  tooManyConditions,
  shortName,
  noDescription,
  shortBlockTime,
];
