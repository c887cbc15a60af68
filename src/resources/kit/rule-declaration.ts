/**
 * What `WafCustomRule` and `RateLimit` share, declared once: `rule-resource.ts` (the `RuleArgs`
 * they extend) is generated from it, and each kind's declaration takes these inputs as its base.
 */
import { z } from "zod";
import { WafRuleSeverityType, WafRuleTransformationType } from "../../client/enums";
import {
  zoneOutput,
  type InputDeclaration,
  type KindDeclaration,
  type OutputDeclaration,
} from "./declaration";
import { booleanInput, enumInput, ruleTextInput, zoneIdInput } from "./fields";
import { conditionsInput } from "./rules";
import { objectMeta } from "./shape";

/** The doc of the generated `rule-resource.ts`. */
export const RULE_SUMMARY = "The arguments and outputs that `WafCustomRule` and `RateLimit` share.";

/** A condition as state holds it, every member given. */
const conditionState = z
  .strictObject({
    variable: z.string().meta({ doc: "The request variable, e.g. `REQUEST_URI`." }),
    variableValue: z
      .string()
      .meta({ doc: "The variable's selector (e.g. a header name); empty when none." }),
    operator: z.string().meta({ doc: "The comparison by name, e.g. `BEGINSWITH`." }),
    value: z.string().meta({ doc: "What the variable is compared with." }),
    negated: z.boolean().meta({ doc: "Whether the condition matches when the comparison fails." }),
    regexVariable: z.boolean().meta({ doc: "Whether `variableValue` is a regular expression." }),
  })
  .meta(objectMeta("RuleConditionState", "A condition as the service reports it."));

/** The inputs every rule has, before its kind's own (`RuleArgs`). */
export const RULE_INPUTS = {
  shieldZoneId: {
    schema: zoneIdInput,
    doc: "The shield zone. Changing it replaces the rule.",
    required: true,
    replaces: true,
    docs: {
      text: "The shield zone (1 to 2147483647). Changing it replaces the rule.",
    },
  },
  name: {
    schema: ruleTextInput("name", 200),
    doc: `The rule's name, unique in the zone: a lost create is found again by it. Only ASCII
letters, digits and spaces (\`^[a-zA-Z0-9 ]+$\`): the service refuses any other character, so
\`check\` does.`,
    required: true,
    docs: {
      text: "1 to 200 ASCII letters (a-z, A-Z), digits (0-9) and spaces: the service refuses any other character, so `check` does. Unique in the zone: a lost create is found again by it.",
    },
  },
  description: {
    schema: ruleTextInput("description", 1000, { allowEmpty: true }),
    doc: `A description: ASCII letters, digits and spaces, like the name, or empty. Always sent
(the service requires one): \`""\` when omitted.`,
    docs: {
      default: '`""`',
      text: "At most 1000 ASCII letters, digits and spaces, like the name, or empty. Always sent: the service requires one.",
    },
  },
  severity: {
    schema: enumInput(WafRuleSeverityType, "WafRuleSeverity", { anyText: true }),
    doc: "`NOTICE`, `WARNING` or `CRITICAL` (or 0 to 2).",
    docs: {
      default: "none",
      text: "The severity its matches are logged with; left out of the request when omitted.",
    },
  },
  conditions: {
    schema: conditionsInput,
    doc: "One or more conditions, all of which must match; the first is the rule's, the others are chained.",
    required: true,
    set: true,
    docs: {
      type: "`RuleCondition[]`",
      text: "At least one; all must match, so their order makes no diff (a set).",
    },
  },
  transformations: {
    schema: z
      .array(enumInput(WafRuleTransformationType, "WafRuleTransformation", { anyText: true }))
      .describe("a list of transformations"),
    doc: "Transformations applied before comparing (`LOWERCASE`, `URLDECODE`, …); compared as a set.",
    set: true,
    docs: {
      default: "`[]`",
      text: "Applied to the variable before comparing: `LOWERCASE`, `URLDECODE`, `NORMALIZEPATH`, … A set.",
    },
  },
  adoptExisting: {
    schema: booleanInput,
    doc: "Take over a rule of the same name that exists already; without it, that is an error.",
    docs: {
      default: "`false`",
      text: "Take over a rule of the same name that exists already.",
    },
  },
} as const satisfies Record<string, InputDeclaration>;

/** The outputs every rule has before its kind's own. */
const RULE_OUTPUTS = {
  shieldZoneId: zoneOutput,
  ruleId: {
    type: z.number().int(),
    doc: "The rule's id.",
    fromId: 0,
    docs: { text: "The rule's id." },
  },
  name: {
    type: z.string(),
    doc: "The rule's name.",
    docs: { text: "The rule's name." },
  },
  description: {
    type: z.string(),
    doc: "Its description.",
    docs: { text: 'Its description (`""` when none).' },
  },
  action: {
    type: z.string(),
    doc: "The action by name.",
    docs: { text: "The action by name." },
  },
  severity: {
    type: z.string().nullable(),
    doc: "The severity by name, or null.",
    docs: { text: "The severity by name." },
  },
  conditions: {
    type: z.array(conditionState),
    doc: "The conditions as the service has them.",
    docs: {
      text: "The conditions as the service has them, every member given (`variableValue`, `negated`, …).",
    },
  },
  transformations: {
    type: z.array(z.string()),
    doc: "The transformations by name, sorted.",
    docs: { text: "By name, in the declared order." },
  },
} as const satisfies Record<string, OutputDeclaration>;

/** A rule kind's `base`: the `RuleArgs` every rule kind's `Args` extend, and their inputs. */
export const RULE_BASE = {
  args: "RuleArgs",
  from: "../kit/rule-resource",
  inputs: RULE_INPUTS,
} as const satisfies KindDeclaration["base"];

/** A rule kind's outputs: every rule's, its own, then `adoptExisting`. */
export const ruleOutputs = <const O extends Record<string, OutputDeclaration>>(own: O) => ({
  ...RULE_OUTPUTS,
  ...own,
  adoptExisting: {
    type: z.boolean(),
    doc: "Whether a rule that existed before was taken over.",
    docs: { text: "As given." },
  },
});
