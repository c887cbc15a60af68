/**
 * What custom WAF rules and rate limits share: conditions (the first one is the rule's
 * `ruleConfiguration`, the others its `chainedRuleConditions`), transformations, severity,
 * and one owned-object spec for both, over the client's `wafCustomRules` or `rateLimits`.
 */
import { z } from "zod";
import type { RateLimitRule, WafCustomRule } from "../../client";
import {
  enumName,
  WafRuleOperatorType,
  WafRuleSeverityType,
  WafRuleTransformationType,
  WafRuleVariableTypes,
} from "../../client/enums";
import { describeValue } from "../../client/errors";
import type { ShieldClient } from "../../client/shield-client";
import { conditionProblem } from "../../condition-rules";
import type { InputSchema } from "./check";
import { refuse } from "./refuse";
import type { KindDeclaration } from "./declaration";
import { booleanInput, choiceInput, enumInput, enumNumber } from "./fields";
import { objectMeta } from "./shape";
import { ownedLifecycle } from "./owned";

type Values = Record<string, unknown>;
type Rule = WafCustomRule | RateLimitRule;

/** One condition, as a resource takes it; omitted members get the API's defaults. */
const condition = z
  .strictObject({
    variable: choiceInput(WafRuleVariableTypes, "WafRuleVariable", { anyText: true }).meta({
      doc: "The request variable, e.g. `REQUEST_URI`, `REQUEST_HEADERS`, `REMOTE_ADDR`.",
    }),
    variableValue: z.string().describe("a text (e.g. a header name)").default("").meta({
      doc: 'The variable\'s selector, e.g. a header name for `REQUEST_HEADERS`, or for `GEO` one of `COUNTRY_CODE`, `LATITUDE`, `LONGITUDE`, `ASN`, `CITY`, `CONTINENT`; default "".',
    }),
    operator: enumInput(WafRuleOperatorType, "WafRuleOperator", { anyText: true }).meta({
      doc: "How to compare: `BEGINSWITH`, `ENDSWITH`, `CONTAINS`, `EQ`, `RX`, `STREQ`, `DETECTSQLI`, … (or the number).",
    }),
    value: z.string().max(65_536).describe("a text of at most 65536 characters").default("").meta({
      doc: "What to compare with: required (not empty) for every operator but `DETECTSQLI` and `DETECTXSS`; for `RX` a regular expression, checked before any request.",
    }),
    negated: booleanInput
      .default(false)
      .meta({ doc: "Match when the comparison fails instead; default false." }),
    regexVariable: booleanInput
      .default(false)
      .meta({ doc: "Whether `variableValue` is a regular expression; default false." }),
  })
  // What a failure of the condition as a whole (not an object, an unknown member) expects.
  .describe("an object with a variable, an operator and (but for DETECTSQLI and DETECTXSS) a value")
  .meta(
    objectMeta(
      "RuleCondition",
      "One condition of a rule. All of a rule's conditions must match (their order makes no diff).",
    ),
  );

type Condition = z.output<typeof condition>;

/**
 * Refuses, naming the condition's field and its value, what the live service would refuse in a
 * condition (src/condition-rules.ts): a missing value, a regular expression that does not
 * compile, a GEO field it does not have.
 */
function conditionRules(conditions: Condition[], ctx: z.RefinementCtx): void {
  conditions.forEach((c, i) => {
    const problem = conditionProblem(c);
    if (problem === undefined) return;
    const at = `conditions[${i}].${problem.field}`;
    refuse(ctx, `${at} ${describeValue(c[problem.field])}: ${problem.expectation}.`);
  });
}

/** A rule's conditions: at least one, each checked as the live service would. */
export const conditionsInput = z
  .array(condition)
  .min(1)
  .superRefine(conditionRules)
  .describe("a non-empty list of conditions");

/** What distinguishes one rule kind. */
export interface RuleSpec {
  /** Its declaration, which names it. */
  declaration: KindDeclaration;
  inputs: InputSchema;
  /** The client's area for this kind. */
  api(client: ShieldClient): ShieldClient["wafCustomRules"] | ShieldClient["rateLimits"];
  actions: Record<string, number>;
  /** The kind's own settings: input name → API name and enum (when an enum). */
  own: Record<string, { api: string; enumeration?: Record<string, number> }>;
  /** The zone's limit for this kind, named as the API names it. */
  limit: "customWafRulesLimit" | "rateLimitRulesLimit";
}

function conditionBody(c: Values): Values {
  return {
    variableTypes: { [String(c.variable)]: String(c.variableValue ?? "") },
    operatorType: enumNumber(WafRuleOperatorType, c.operator),
    value: c.value ?? "",
    isNegated: c.negated ?? false,
    isRegexVariable: c.regexVariable ?? false,
  };
}

function conditionOf(c: Values): Values {
  const [variable, variableValue] = Object.entries((c.variableTypes ?? {}) as Values)[0] ?? [
    null,
    "",
  ];
  return {
    variable,
    variableValue: variableValue ?? "",
    operator:
      typeof c.operatorType === "number" ? enumName(WafRuleOperatorType, c.operatorType) : null,
    value: c.value ?? "",
    negated: c.isNegated ?? false,
    regexVariable: c.isRegexVariable ?? false,
  };
}

/** The API's body of a rule from its inputs. */
function ruleBody(k: RuleSpec, inputs: Values): Values {
  const [first, ...chained] = inputs.conditions as Values[];
  const configuration: Values = {
    ...conditionBody(first),
    actionType: enumNumber(k.actions, inputs.action),
    ...(inputs.severity === undefined
      ? {}
      : { severityType: enumNumber(WafRuleSeverityType, inputs.severity) }),
    transformationTypes: ((inputs.transformations ?? []) as string[]).map((t) =>
      enumNumber(WafRuleTransformationType, t),
    ),
    chainedRuleConditions: chained.map(conditionBody),
  };
  for (const [input, { api, enumeration }] of Object.entries(k.own)) {
    if (inputs[input] !== undefined) {
      configuration[api] = enumeration ? enumNumber(enumeration, inputs[input]) : inputs[input];
    }
  }
  return {
    ruleName: inputs.name,
    ruleDescription: inputs.description ?? "",
    ruleConfiguration: configuration,
  };
}

/** A rule's outputs: its inputs as the service has them, enums by name. */
export function ruleOutputs(k: RuleSpec, rule: Rule): Values {
  const c = (rule.ruleConfiguration ?? {}) as Values;
  const named = (enumeration: Record<string, number>, value: unknown) =>
    typeof value === "number" ? enumName(enumeration, value) : null;
  const outputs: Values = {
    shieldZoneId: rule.shieldZoneId ?? null,
    ruleId: rule.id,
    name: rule.ruleName ?? null,
    description: rule.ruleDescription ?? "",
    action: named(k.actions, c.actionType),
    severity: named(WafRuleSeverityType, c.severityType),
    conditions: [c, ...((c.chainedRuleConditions ?? []) as Values[])].map(conditionOf),
    transformations: ((c.transformationTypes ?? []) as number[])
      .map((t) => enumName(WafRuleTransformationType, t))
      .sort(),
  };
  for (const [input, { api, enumeration }] of Object.entries(k.own)) {
    outputs[input] = enumeration ? named(enumeration, c[api]) : (c[api] ?? null);
  }
  return outputs;
}

/** The owned-object lifecycle of a rule kind. */
export function ruleLifecycle(k: RuleSpec) {
  return ownedLifecycle<Rule>({
    declaration: k.declaration,
    inputs: k.inputs,
    async find(client, zone, name) {
      const rules = (await k.api(client).list(zone)) as Rule[];
      return rules.find((r) => r.ruleName === name);
    },
    async create(client, inputs) {
      const body = { shieldZoneId: Number(inputs.shieldZoneId), ...ruleBody(k, inputs) };
      return (await k.api(client).create(body as never)) as Rule;
    },
    read: async (client, id) => (await k.api(client).get(Number(id))) as Rule,
    // The configuration is one object: send it whole, with the name and description. Its
    // answer is not trusted: the kit reads the rule back (Terraform does the same).
    async update(client, id, _current, inputs) {
      await k.api(client).update(Number(id), ruleBody(k, inputs) as never);
    },
    delete: (client, id) => k.api(client).delete(Number(id)),
    id: (rule) => String(rule.id),
    outputs: (rule) => ruleOutputs(k, rule),
    async limitMessage(client, inputs) {
      const zone = await client.shieldZones.get(Number(inputs.shieldZoneId));
      return `the zone's plan allows ${zone[k.limit] ?? "?"} of them (${k.limit})`;
    },
  });
}
