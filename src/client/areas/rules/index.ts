/**
 * Custom WAF rules (`/shield/waf/custom-rule[s]`) and rate limits (`/shield/rate-limit[s]`):
 * two rule kinds with the same operations and nearly the same shape, so one class serves both.
 */
import { z } from "zod";
import {
  booleanField,
  changeOf,
  check,
  enumField,
  fields,
  integerField,
  integerInRange,
  multilineField,
  nameField,
  pathOf,
  positiveId,
  ruleDescriptionField,
  ruleNameField,
  shieldZoneId as checkZoneId,
  zoneIdField,
} from "../../arguments";
import {
  RateLimitActionType,
  RateLimitBlockTime,
  RateLimitCounterKeyType,
  RateLimitTimeframe,
  WafRuleActionType,
  WafRuleOperatorType,
  WafRuleSeverityType,
  WafRuleTransformationType,
  WafRuleVariableTypes,
} from "../../enums";
import {
  DEFAULT_PER_PAGE,
  MAX_PER_PAGE,
  pagedAnswer,
  PagedList,
  walkPages,
  type ListOptions,
} from "../../pagination";
import { AreaClient } from "../../area-client";
import { enumInt, optionalText, statusEnvelopeSchema, unread } from "../../schemas";
import type { Transport } from "../../transport";

/** Longest condition value accepted (a string or a pattern), in characters. */
export const MAX_RULE_VALUE_LENGTH = 65_536;

// ---------------------------------------------------------------------------------------
// Requests.

const variableTypesField = fields(
  Object.fromEntries(WafRuleVariableTypes.map((name) => [name, nameField.optional()])) as Record<
    (typeof WafRuleVariableTypes)[number],
    z.ZodOptional<typeof nameField>
  >,
  'expected an object of request variables, each with its selector (e.g. a header name, or "")',
);

/** Fields of one condition, shared by the rule's first condition and its chained ones. */
const conditionFields = {
  variableTypes: variableTypesField.nullable().optional(),
  operatorType: enumField(WafRuleOperatorType).optional(),
  value: multilineField(MAX_RULE_VALUE_LENGTH).nullable().optional(),
  isNegated: booleanField.nullable().optional(),
  isRegexVariable: booleanField.nullable().optional(),
};

/** Fields of a rule's configuration common to both kinds; `actionType` differs. */
const configurationFields = {
  ...conditionFields,
  severityType: enumField(WafRuleSeverityType).optional(),
  transformationTypes: z
    .array(enumField(WafRuleTransformationType), { error: "expected an array of transformations" })
    .nullable()
    .optional(),
  chainedRuleConditions: z
    .array(fields(conditionFields, "expected a condition object"), {
      error: "expected an array of conditions",
    })
    .nullable()
    .optional(),
};

const wafConfiguration = fields(
  { ...configurationFields, actionType: enumField(WafRuleActionType).optional() },
  "expected a rule configuration object",
);

const rateLimitConfiguration = fields(
  {
    ...configurationFields,
    actionType: enumField(RateLimitActionType).optional(),
    requestCount: integerField(1, 2_147_483_647).optional(),
    counterKeyType: enumField(RateLimitCounterKeyType).optional(),
    timeframe: enumField(RateLimitTimeframe).optional(),
    blockTime: enumField(RateLimitBlockTime).optional(),
  },
  "expected a rate limit configuration object",
);

function createSchema<C extends z.ZodType>(configuration: C) {
  return fields(
    {
      shieldZoneId: zoneIdField,
      ruleName: ruleNameField,
      // The live service refuses a create without a description (400), even one it would
      // store empty: left out (or null), it is sent as "".
      ruleDescription: ruleDescriptionField
        .nullable()
        .optional()
        .transform((description) => description ?? ""),
      ruleConfiguration: configuration,
    },
    "expected an object with shieldZoneId, ruleName and ruleConfiguration",
  );
}

function updateSchema<C extends z.ZodType>(configuration: C) {
  return changeOf(
    {
      ruleName: ruleNameField.optional(),
      ruleDescription: ruleDescriptionField.nullable().optional(),
      ruleConfiguration: configuration.optional(),
    },
    "ruleName, ruleDescription and/or ruleConfiguration",
  );
}

const wafCreate = createSchema(wafConfiguration);
const wafUpdate = updateSchema(wafConfiguration);
const wafReplace = fields(
  {
    ruleName: ruleNameField,
    ruleDescription: ruleDescriptionField.nullable().optional(),
    ruleConfiguration: wafConfiguration,
  },
  "expected an object with ruleName and ruleConfiguration",
);
const rateLimitCreate = createSchema(rateLimitConfiguration);
const rateLimitUpdate = updateSchema(rateLimitConfiguration);

/**
 * A new custom WAF rule (`CreateCustomWafRuleRequest`): the zone, a name, an optional
 * description and the configuration: the first condition (`variableTypes`, `operatorType`,
 * `value`, …), `actionType` ({@link WafRuleActionType}), `severityType`,
 * `transformationTypes`, and further conditions in `chainedRuleConditions`.
 *
 * The name, and the description unless empty, may hold only ASCII letters, digits and spaces
 * (`^[a-zA-Z0-9 ]+$`): the live service refuses anything else, so the client does before
 * sending. The service also requires a description on create: one left out (or null) is
 * sent as `""`.
 */
export type WafCustomRuleCreate = z.input<typeof wafCreate>;
/**
 * The changes a custom WAF rule update may carry (`UpdateCustomWafRuleRequest`); at least one.
 * A name or description obeys the characters of {@link WafCustomRuleCreate}.
 */
export type WafCustomRuleUpdate = z.input<typeof wafUpdate>;
/** A custom WAF rule as a whole, to replace one with (`UpdateCustomWafRuleRequest`, by PUT). */
export type WafCustomRuleReplacement = z.input<typeof wafReplace>;
/**
 * A new rate limit (`CreateWafRateLimitRequest`): like a custom WAF rule (its name and
 * description too: see {@link WafCustomRuleCreate}), with `actionType` from
 * {@link RateLimitActionType} and `requestCount`, `timeframe`, `blockTime`, `counterKeyType`.
 */
export type RateLimitCreate = z.input<typeof rateLimitCreate>;
/** The changes a rate limit update may carry (`UpdateWafRateLimitRequest`); at least one. */
export type RateLimitUpdate = z.input<typeof rateLimitUpdate>;

// ---------------------------------------------------------------------------------------
// Answers. A resource compares every setting of a rule, so they are strict; null is allowed
// throughout, since the spec's nullable marks are known to be incomplete.

const answerConditionFields = {
  variableTypes: z.record(z.string(), z.string()).nullable().optional(),
  operatorType: enumInt.nullable().optional(),
  value: optionalText,
  isNegated: z.boolean().nullable().optional(),
  isRegexVariable: z.boolean().nullable().optional(),
};

const answerConfigurationFields = {
  ...answerConditionFields,
  actionType: enumInt.nullable().optional(),
  severityType: enumInt.nullable().optional(),
  transformationTypes: z.array(enumInt).nullable().optional(),
  chainedRuleConditions: z.array(z.object(answerConditionFields)).nullable().optional(),
};

function ruleSchema<C extends z.ZodType>(configuration: C) {
  return z.object({
    id: z.number().int(),
    shieldZoneId: z.number().int().nullable().optional(),
    userId: unread,
    ruleName: optionalText,
    ruleDescription: optionalText,
    // The service's own rendering of the rule; nothing reads it.
    ruleJson: unread,
    ruleConfiguration: configuration.nullable().optional(),
    errorResponse: statusEnvelopeSchema,
  });
}

/** `CustomWafRule`. */
const wafCustomRuleSchema = ruleSchema(z.object(answerConfigurationFields));
/** `RateLimitRule`. */
const rateLimitRuleSchema = ruleSchema(
  z.object({
    ...answerConfigurationFields,
    requestCount: z.number().int().nullable().optional(),
    counterKeyType: enumInt.nullable().optional(),
    timeframe: enumInt.nullable().optional(),
    blockTime: enumInt.nullable().optional(),
  }),
);

/** A custom WAF rule as the service reports it; enums are numbers (see `enums.ts`). */
export type WafCustomRule = z.output<typeof wafCustomRuleSchema>;
/** A rate limit rule as the service reports it; enums are numbers (see `enums.ts`). */
export type RateLimitRule = z.output<typeof rateLimitRuleSchema>;

// ---------------------------------------------------------------------------------------
// Operations.

type Rule = z.ZodType<{ id: number }>;

/** What distinguishes the operations of the two rule kinds. */
interface RuleOperations<R extends Rule, C extends z.ZodType, U extends z.ZodType> {
  /** The operation names' noun, e.g. `WafCustomRule` (→ `getWafCustomRule`). */
  noun: string;
  /** Path segments of a zone's listing (before the zone id). */
  listPath: readonly string[];
  /** Path segments of creation, and of one rule (before its id). */
  rulePath: readonly string[];
  rule: R;
  page: ReturnType<typeof pagedAnswer<R>>;
  create: C;
  update: U;
}

function ruleKind<R extends Rule, C extends z.ZodType, U extends z.ZodType>(
  kind: Omit<RuleOperations<R, C, U>, "page">,
): RuleOperations<R, C, U> {
  return { ...kind, page: pagedAnswer(kind.rule) };
}

const WAF_CUSTOM_RULES = ruleKind({
  noun: "WafCustomRule",
  listPath: ["shield", "waf", "custom-rules"],
  rulePath: ["shield", "waf", "custom-rule"],
  rule: wafCustomRuleSchema,
  create: wafCreate,
  update: wafUpdate,
});

const RATE_LIMITS = ruleKind({
  noun: "RateLimit",
  listPath: ["shield", "rate-limits"],
  rulePath: ["shield", "rate-limit"],
  rule: rateLimitRuleSchema,
  create: rateLimitCreate,
  update: rateLimitUpdate,
});

/** The five operations of a rule kind. */
abstract class RulesApi<
  R extends Rule,
  C extends z.ZodType,
  U extends z.ZodType,
> extends AreaClient {
  // Private, so that neither inspection nor JSON walks into the schemas.
  readonly #kind: RuleOperations<R, C, U>;

  constructor(transport: Transport, kind: RuleOperations<R, C, U>) {
    super(transport);
    this.#kind = kind;
  }

  /**
   * Every rule of a zone, read page by page: iterate it, or await it for an array.
   * Nothing is sent until then.
   */
  list(shieldZoneId: number, options: ListOptions = {}): PagedList<z.output<R>> {
    return new PagedList(() => {
      const zone = checkZoneId(shieldZoneId);
      const perPage =
        options?.perPage === undefined
          ? DEFAULT_PER_PAGE
          : integerInRange(options.perPage, "perPage", 1, MAX_PER_PAGE);
      return walkPages(
        (page) =>
          this.request({
            operation: `list${this.#kind.noun}s`,
            method: "GET",
            path: pathOf(...this.#kind.listPath, zone),
            query: { page, perPage },
            schema: this.#kind.page,
          }),
        (rule) => rule.id,
      );
    });
  }

  /** Reads one rule; a NotFoundError when it does not exist. */
  async get(id: number): Promise<z.output<R>> {
    return this.request({
      operation: `get${this.#kind.noun}`,
      method: "GET",
      path: this.#rulePath(id),
      schema: this.#kind.rule,
    });
  }

  /** Creates a rule and returns it. Retried only after a 429 (a POST): repeated after a lost answer, it could create the rule twice. */
  async create(rule: z.input<C>): Promise<z.output<R>> {
    const body = check(this.#kind.create, rule, "rule");
    return this.request({
      operation: `create${this.#kind.noun}`,
      method: "POST",
      path: pathOf(...this.#kind.rulePath),
      body,
      schema: this.#kind.rule,
    });
  }

  /** Changes a rule and returns it; the values are absolute, so the request is retried where safe. */
  async update(id: number, change: z.input<U>): Promise<z.output<R>> {
    const path = this.#rulePath(id);
    const body = check(this.#kind.update, change, "change");
    return this.request({
      operation: `update${this.#kind.noun}`,
      method: "PATCH",
      path,
      body,
      idempotent: true,
      schema: this.#kind.rule,
    });
  }

  /** Deletes a rule. One already gone fails with a NotFoundError. */
  async delete(id: number): Promise<void> {
    await this.request({
      operation: `delete${this.#kind.noun}`,
      method: "DELETE",
      path: this.#rulePath(id),
      idempotent: true,
      schema: unread,
    });
  }

  #rulePath(id: number): string {
    return pathOf(...this.#kind.rulePath, positiveId(id, "id"));
  }
}

/** `client.wafCustomRules`: a zone's custom WAF rules. */
export class WafCustomRulesApi extends RulesApi<
  typeof wafCustomRuleSchema,
  typeof wafCreate,
  typeof wafUpdate
> {
  /**
   * Sub-clients are made by `ShieldClient`, which owns the transport.
   * @param transport the owning client's transport
   * @internal
   */
  constructor(transport: Transport) {
    super(transport, WAF_CUSTOM_RULES);
  }

  /**
   * Replaces a rule whole (PUT): its name, description and configuration become `rule`'s, a
   * field `rule` leaves out included. Absolute, so retried where safe. See also `update`.
   */
  async replace(id: number, rule: WafCustomRuleReplacement): Promise<WafCustomRule> {
    const path = pathOf(...WAF_CUSTOM_RULES.rulePath, positiveId(id, "id"));
    return this.request({
      operation: "replaceWafCustomRule",
      method: "PUT",
      path,
      body: check(wafReplace, rule, "rule"),
      idempotent: true,
      schema: wafCustomRuleSchema,
    });
  }
}

/** `client.rateLimits`: a zone's rate limit rules. */
export class RateLimitsApi extends RulesApi<
  typeof rateLimitRuleSchema,
  typeof rateLimitCreate,
  typeof rateLimitUpdate
> {
  /**
   * Sub-clients are made by `ShieldClient`, which owns the transport.
   * @param transport the owning client's transport
   * @internal
   */
  constructor(transport: Transport) {
    super(transport, RATE_LIMITS);
  }
}
