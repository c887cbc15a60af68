/**
 * Custom WAF rules (`/shield/waf/custom-rule[s]`) and rate limits (`/shield/rate-limit[s]`):
 * the same five operations over two stores, so one implementation serves both. Ids are
 * global per kind; the plan limits the rules of a zone.
 */
import { isRefusal, pageOf } from "../../paging";
import { ruleLimits } from "./limits";
import { conditionProblem } from "../../../condition-rules";
import { RULE_NAME_ALLOWED, RULE_NAME_PATTERN } from "../../../text-rules";
import {
  badRequest,
  BodyError,
  FIELD,
  isEnumValue,
  isInt32,
  isObject,
  nullable,
  readBody,
  type FieldSpec,
  type FieldSpecs,
} from "../../request-body";
import {
  absent,
  ERRORS,
  errorStatus,
  json,
  successStatus,
  type ApiResponse,
} from "../../responses";
import type { RouteContext } from "../../route";
import type { RuleCollection } from "../../state";
import type { RuleRecord } from "./state";

const CONDITION: FieldSpecs = {
  variableTypes: nullable({
    expected: "an object of request variables, each with a string",
    check: (v) => isObject(v) && Object.values(v).every((s) => typeof s === "string"),
  }),
  operatorType: FIELD.enumValue,
  value: nullable(FIELD.text),
  isNegated: nullable(FIELD.boolean),
  isRegexVariable: nullable(FIELD.boolean),
};

const listOf = (expected: string, item: (v: unknown) => boolean): FieldSpec =>
  nullable({ expected, check: (v) => Array.isArray(v) && v.every(item) });

const CONFIGURATION: FieldSpecs = {
  ...CONDITION,
  actionType: FIELD.enumValue,
  severityType: FIELD.enumValue,
  transformationTypes: listOf("an array of transformation numbers", isEnumValue),
  chainedRuleConditions: nullable({ expected: "an array of condition objects", items: CONDITION }),
};

type Configuration = Record<string, unknown>;

/** The sort key of a condition: its variable, operator and value. */
const conditionKey = (c: Configuration): [string, number, string] => [
  Object.keys(isObject(c.variableTypes) ? c.variableTypes : {})[0] ?? "",
  typeof c.operatorType === "number" ? c.operatorType : -1,
  typeof c.value === "string" ? c.value : "",
];

function byServiceOrder(a: Configuration, b: Configuration): number {
  const [x, y] = [conditionKey(a), conditionKey(b)];
  for (let i = 0; i < x.length; i++) {
    if (x[i]! < y[i]!) return -1;
    if (x[i]! > y[i]!) return 1;
  }
  return 0;
}

/**
 * A configuration with its conditions in the service's own order, not the order they were
 * sent in: the live service returns them reordered (Terraform sorts them by variable when it
 * reads a rule, and tells its users to write them that way), and the emulator sorts them by
 * variable, then operator, then value. The first becomes the configuration's own condition,
 * the others its `chainedRuleConditions`; they are chained with AND, so order means nothing.
 */
function inServiceOrder(configuration: Configuration): Configuration {
  const chained = configuration.chainedRuleConditions;
  if (!Array.isArray(chained) || chained.length === 0) return configuration;
  const rest: Configuration = {};
  const own: Configuration = {};
  for (const [name, value] of Object.entries(configuration)) {
    if (Object.hasOwn(CONDITION, name)) own[name] = value;
    else rest[name] = value;
  }
  const [first, ...others] = [own, ...(chained as Configuration[])].sort(byServiceOrder);
  return { ...rest, ...first, chainedRuleConditions: others };
}

/** What tells the two kinds apart. */
export interface RuleStore {
  kind: RuleCollection;
  /** The configuration's fields. */
  configuration: FieldSpecs;
  /** The name of the plan's limit of this kind, in messages. */
  limitName: string;
}

export const WAF_CUSTOM_RULES: RuleStore = {
  kind: "wafCustomRules",
  configuration: CONFIGURATION,
  limitName: "customWafRulesLimit",
};

export const RATE_LIMITS: RuleStore = {
  kind: "rateLimits",
  configuration: {
    ...CONFIGURATION,
    requestCount: { expected: "a positive integer", check: (v) => isInt32(v) && v > 0 },
    counterKeyType: FIELD.enumValue,
    timeframe: FIELD.enumValue,
    blockTime: FIELD.enumValue,
  },
  limitName: "rateLimitRulesLimit",
};

/** The answer for a rule: the record, the service's rendering of it, and the envelope. */
const ruleAnswer = (rule: RuleRecord, mutated = false) =>
  json(
    200,
    { ...rule, ruleJson: JSON.stringify(rule.ruleConfiguration), errorResponse: successStatus() },
    mutated,
  );

const failure = (status: number, error: { errorKey: string; message: string }) =>
  json(status, { errorResponse: errorStatus(status, error) });

/** The five handlers of one kind. */
export function ruleHandlers(store: RuleStore) {
  const create = readBodySpecs(store, true);
  const update = readBodySpecs(store, false);
  const find = ({ state, params }: RouteContext) => state.rules[store.kind].get(Number(params.id));

  return {
    list({ state, params, query, path }: RouteContext): ApiResponse {
      const zone = state.zone(Number(params.shieldZoneId));
      if (!zone) return json(404, { data: null, error: errorStatus(404, ERRORS.zoneNotFound) });
      const page = pageOf(state.rulesOf(store.kind, zone.shieldZoneId), query, path);
      if (isRefusal(page)) return page;
      const data = page.data.map((rule) => ({
        ...rule,
        ruleJson: JSON.stringify(rule.ruleConfiguration),
        errorResponse: successStatus(),
      }));
      return json(200, { data, page: page.page, error: successStatus() });
    },

    get(context: RouteContext): ApiResponse {
      const rule = find(context);
      return rule ? ruleAnswer(rule) : absent(failure(404, ERRORS.ruleNotFound));
    },

    create(context: RouteContext): ApiResponse {
      const { state } = context;
      const body = readBody(context, create, ["shieldZoneId", "ruleName", "ruleConfiguration"]);
      if (body instanceof BodyError) return badRequest(body);
      const refused =
        refusedText(body, true) ?? refusedConditions(body.ruleConfiguration as Configuration);
      if (refused) return badRequest(refused);
      const zone = state.zone(Number(body.shieldZoneId));
      if (!zone) return failure(404, ERRORS.zoneNotFound);
      const limit = ruleLimits(zone.planType)[store.kind];
      if (state.rulesOf(store.kind, zone.shieldZoneId).length >= limit) {
        return failure(400, {
          errorKey: `limit_reached.${store.kind === "rateLimits" ? "rate_limit" : "waf_custom_rule"}`,
          message: `The zone's Shield plan allows ${limit} of these rules (${store.limitName}).`,
        });
      }
      const rule: RuleRecord = {
        id: state.nextRuleId(store.kind),
        shieldZoneId: zone.shieldZoneId,
        userId: "emulator-user",
        ruleName: String(body.ruleName),
        ruleDescription: (body.ruleDescription as string | null | undefined) ?? null,
        ruleConfiguration: inServiceOrder(body.ruleConfiguration as Configuration),
      };
      state.rules[store.kind].set(rule.id, rule);
      return ruleAnswer(rule, true);
    },

    update(context: RouteContext): ApiResponse {
      const body = readBody(context, update);
      if (body instanceof BodyError) return badRequest(body);
      const refused = refusedText(body, false);
      if (refused) return badRequest(refused);
      const rule = find(context);
      if (!rule) return absent(failure(404, ERRORS.ruleNotFound));
      // The fields sent replace theirs; the others are kept. The result is what is checked.
      const configuration = isObject(body.ruleConfiguration)
        ? inServiceOrder({ ...rule.ruleConfiguration, ...body.ruleConfiguration })
        : undefined;
      const refusedCondition = configuration && refusedConditions(configuration);
      if (refusedCondition) return badRequest(refusedCondition);
      const before = JSON.stringify(rule);
      if (typeof body.ruleName === "string") rule.ruleName = body.ruleName;
      if (body.ruleDescription !== undefined) {
        rule.ruleDescription = body.ruleDescription as string | null;
      }
      if (configuration) rule.ruleConfiguration = configuration;
      return ruleAnswer(rule, JSON.stringify(rule) !== before);
    },

    /** PUT (custom WAF rules): the rule as sent, its configuration whole. */
    replace(context: RouteContext): ApiResponse {
      const body = readBody(context, update, ["ruleName", "ruleConfiguration"]);
      if (body instanceof BodyError) return badRequest(body);
      const refused =
        refusedText(body, false) ?? refusedConditions(body.ruleConfiguration as Configuration);
      if (refused) return badRequest(refused);
      const rule = find(context);
      if (!rule) return absent(failure(404, ERRORS.ruleNotFound));
      const before = JSON.stringify(rule);
      rule.ruleName = body.ruleName as string;
      rule.ruleDescription = (body.ruleDescription as string | null | undefined) ?? null;
      rule.ruleConfiguration = inServiceOrder(body.ruleConfiguration as Configuration);
      return ruleAnswer(rule, JSON.stringify(rule) !== before);
    },

    delete(context: RouteContext): ApiResponse {
      const rule = find(context);
      if (!rule) return absent(json(404, errorStatus(404, ERRORS.ruleNotFound)));
      context.state.rules[store.kind].delete(rule.id);
      return json(200, successStatus(), true);
    },
  };
}

/** The body of a create (every field) or an update (the same, without the zone). */
function readBodySpecs(store: RuleStore, creating: boolean): FieldSpecs {
  return {
    ...(creating ? { shieldZoneId: FIELD.id } : {}),
    ruleName: FIELD.text,
    ruleDescription: nullable(FIELD.text),
    ruleConfiguration: { expected: "an object", fields: store.configuration },
  };
}

/**
 * What the live service refuses in a rule's name and description, with a 400 as it does: a
 * character other than ASCII letters, digits and spaces (a description may be empty), and a
 * create without a description, even an empty one (null counts as missing: .NET binds both
 * alike).
 */
function refusedText(body: Record<string, unknown>, creating: boolean): BodyError | undefined {
  if (creating && (body.ruleDescription === undefined || body.ruleDescription === null)) {
    return new BodyError(
      "validation.ruleDescription",
      "'ruleDescription' is required (it may be empty).",
    );
  }
  for (const field of ["ruleName", "ruleDescription"]) {
    const value = body[field];
    if (typeof value !== "string" || (value === "" && field === "ruleDescription")) continue;
    if (!RULE_NAME_PATTERN.test(value)) {
      return new BodyError(
        `validation.${field}`,
        `'${field}' must hold only ${RULE_NAME_ALLOWED}.`,
      );
    }
  }
  return undefined;
}

/**
 * What the live service refuses in a configuration's conditions (src/condition-rules.ts:
 * octorules-bunny, written against it, lints each as an error), with a 400 naming the field: a
 * value missing for an operator other than the two detections, an RX value that is no regular
 * expression, a GEO field it does not have. A condition without an operator (a partial body the
 * service merges) is not judged.
 */
function refusedConditions(configuration: Configuration): BodyError | undefined {
  const chained = Array.isArray(configuration.chainedRuleConditions)
    ? (configuration.chainedRuleConditions as unknown[])
    : [];
  const conditions: Array<[string, unknown]> = [
    ["ruleConfiguration", configuration],
    ...chained.map((c, i): [string, unknown] => [
      `ruleConfiguration.chainedRuleConditions.${i}`,
      c,
    ]),
  ];
  for (const [at, c] of conditions) {
    if (!isObject(c) || typeof c.operatorType !== "number") continue;
    const [variable = "", variableValue = ""] =
      Object.entries(isObject(c.variableTypes) ? c.variableTypes : {})[0] ?? [];
    const problem = conditionProblem({
      variable,
      variableValue: String(variableValue),
      operator: c.operatorType,
      value: typeof c.value === "string" ? c.value : "",
    });
    if (problem === undefined) continue;
    const field = `${at}.${problem.field === "value" ? "value" : "variableTypes"}`;
    return new BodyError(`validation.${field}`, `'${field}': ${problem.expectation}.`);
  }
  return undefined;
}
