/** `RateLimit` on the kit: a rate limit rule that Pulumi owns. */
import {
  RateLimitActionType,
  RateLimitBlockTime,
  RateLimitCounterKeyType,
  RateLimitTimeframe,
} from "../../client/enums";
import { inputSchemaOf } from "../kit/check";
import { ruleLifecycle, type RuleSpec } from "../kit/rules";
import { declaration } from "./declaration";

/** The schemas of its inputs, from the declaration; `timeframe` and `blockTime` take seconds or the names. */
export const inputSchema = inputSchemaOf(declaration);

/** What makes this rule kind what it is. */
export const ruleSpec: RuleSpec = {
  declaration,
  inputs: inputSchema,
  api: (client) => client.rateLimits,
  actions: RateLimitActionType,
  own: {
    requestCount: { api: "requestCount" },
    timeframe: { api: "timeframe", enumeration: RateLimitTimeframe },
    blockTime: { api: "blockTime", enumeration: RateLimitBlockTime },
    counterKey: { api: "counterKeyType", enumeration: RateLimitCounterKeyType },
  },
  limit: "rateLimitRulesLimit",
};

/** The lifecycle `dispatch` runs for this kind. */
export const lifecycle = ruleLifecycle(ruleSpec);
