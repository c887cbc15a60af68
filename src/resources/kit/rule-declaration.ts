/**
 * What `WafCustomRule` and `RateLimit` share, declared once: `rule-resource.ts` (the `RuleArgs`
 * they extend) is generated from it, and each kind's declaration takes these inputs as its base.
 */
import {
  zoneOutput,
  type InputDeclaration,
  type KindDeclaration,
  type OutputDeclaration,
} from "./declaration";

/** The doc of the generated `rule-resource.ts`. */
export const RULE_SUMMARY = "The arguments and outputs that `WafCustomRule` and `RateLimit` share.";

/** Types the rule inputs and outputs name. */
export const RULE_TYPES = `
/** One condition of a rule. All of a rule's conditions must match (their order makes no diff). */
export interface RuleConditionArgs {
  /** The request variable, e.g. \`REQUEST_URI\`, \`REQUEST_HEADERS\`, \`REMOTE_ADDR\`. */
  variable: pulumi.Input<string>;
  /** The variable's selector, e.g. a header name for \`REQUEST_HEADERS\`; default "". */
  variableValue?: pulumi.Input<string>;
  /** How to compare: \`BEGINSWITH\`, \`ENDSWITH\`, \`CONTAINS\`, \`EQ\`, \`RX\`, \`STREQ\`, \`DETECTSQLI\`, … (or the number). */
  operator: pulumi.Input<string | number>;
  /** What to compare with; default "". */
  value?: pulumi.Input<string>;
  /** Match when the comparison fails instead; default false. */
  negated?: pulumi.Input<boolean>;
  /** Whether \`variableValue\` is a regular expression; default false. */
  regexVariable?: pulumi.Input<boolean>;
}

/** A condition as the service reports it. */
export interface RuleConditionState {
  /** The request variable, e.g. \`REQUEST_URI\`. */
  variable: string;
  /** The variable's selector (e.g. a header name); empty when none. */
  variableValue: string;
  /** The comparison by name, e.g. \`BEGINSWITH\`. */
  operator: string;
  /** What the variable is compared with. */
  value: string;
  /** Whether the condition matches when the comparison fails. */
  negated: boolean;
  /** Whether \`variableValue\` is a regular expression. */
  regexVariable: boolean;
}
`;

/** The inputs every rule has, before its kind's own (`RuleArgs`). */
export const RULE_INPUTS = {
  shieldZoneId: {
    type: "number",
    doc: "The shield zone. Changing it replaces the rule.",
    required: true,
    replaces: true,
    docs: {
      type: "`number`",
      text: "The shield zone (1 to 2147483647). Changing it replaces the rule.",
    },
  },
  name: {
    type: "string",
    doc: `The rule's name, unique in the zone: a lost create is found again by it. Only ASCII
letters, digits and spaces (\`^[a-zA-Z0-9 ]+$\`): the service refuses any other character, so
\`check\` does.`,
    required: true,
    docs: {
      type: "`string`",
      text: "1 to 200 ASCII letters (a-z, A-Z), digits (0-9) and spaces: the service refuses any other character, so `check` does. Unique in the zone: a lost create is found again by it.",
    },
  },
  description: {
    type: "string",
    doc: `A description: ASCII letters, digits and spaces, like the name, or empty. Always sent
(the service requires one): \`""\` when omitted.`,
    docs: {
      type: "`string`",
      default: '`""`',
      text: "At most 1000 ASCII letters, digits and spaces, like the name, or empty. Always sent: the service requires one.",
    },
  },
  severity: {
    type: "string | number",
    doc: "`NOTICE`, `WARNING` or `CRITICAL` (or 0 to 2).",
    docs: {
      type: '`"NOTICE"`, `"WARNING"`, `"CRITICAL"`, or 0–2',
      default: "none",
      text: "The severity its matches are logged with; left out of the request when omitted.",
    },
  },
  conditions: {
    type: "pulumi.Input<RuleConditionArgs>[]",
    doc: "One or more conditions, all of which must match; the first is the rule's, the others are chained.",
    required: true,
    set: true,
    docs: {
      type: "`Condition[]`",
      text: "At least one; all must match, so their order makes no diff (a set).",
    },
  },
  transformations: {
    type: "pulumi.Input<string | number>[]",
    doc: "Transformations applied before comparing (`LOWERCASE`, `URLDECODE`, …); compared as a set.",
    set: true,
    docs: {
      type: "`string[]` (or numbers)",
      default: "`[]`",
      text: "Applied to the variable before comparing: `LOWERCASE`, `URLDECODE`, `NORMALIZEPATH`, … A set.",
    },
  },
  adoptExisting: {
    type: "boolean",
    doc: "Take over a rule of the same name that exists already; without it, that is an error.",
    docs: {
      type: "`boolean`",
      default: "`false`",
      text: "Take over a rule of the same name that exists already.",
    },
  },
} as const satisfies Record<string, InputDeclaration>;

/** The outputs every rule has before its kind's own. */
const RULE_OUTPUTS = {
  shieldZoneId: zoneOutput,
  ruleId: {
    type: "number",
    doc: "The rule's id.",
    fromId: 0,
    docs: { type: "`number`", text: "The rule's id." },
  },
  name: {
    type: "string",
    doc: "The rule's name.",
    docs: { type: "`string`", text: "The rule's name." },
  },
  description: {
    type: "string",
    doc: "Its description.",
    docs: { type: "`string`", text: 'Its description (`""` when none).' },
  },
  action: {
    type: "string",
    doc: "The action by name.",
    docs: { type: "`string`", text: "The action by name." },
  },
  severity: {
    type: "string | null",
    doc: "The severity by name, or null.",
    docs: { type: "`string | null`", text: "The severity by name." },
  },
  conditions: {
    type: "RuleConditionState[]",
    doc: "The conditions as the service has them.",
    docs: {
      type: "`RuleConditionState[]`",
      text: "The conditions as the service has them, every member given (`variableValue`, `negated`, …).",
    },
  },
  transformations: {
    type: "string[]",
    doc: "The transformations by name, sorted.",
    docs: { type: "`string[]`", text: "By name, in the declared order." },
  },
} as const satisfies Record<string, OutputDeclaration>;

/** A rule kind's `base`: the `RuleArgs` every rule kind's `Args` extend, and their inputs. */
export const RULE_BASE = {
  args: "RuleArgs",
  from: "../kit/rule-resource",
  types: ["RuleConditionState"],
  inputs: RULE_INPUTS,
} as const satisfies KindDeclaration["base"];

/** A rule kind's outputs: every rule's, its own, then `adoptExisting`. */
export const ruleOutputs = <const O extends Record<string, OutputDeclaration>>(own: O) => ({
  ...RULE_OUTPUTS,
  ...own,
  adoptExisting: {
    type: "boolean",
    doc: "Whether a rule that existed before was taken over.",
    docs: { type: "`boolean`", text: "As given." },
  },
});
