/** `RateLimit` on the kit: a rate limit rule that Pulumi owns. */
import { z } from "zod";
import {
  RateLimitActionType,
  RateLimitBlockTime,
  RateLimitCounterKeyType,
  RateLimitTimeframe,
} from "../../client/enums";
import { enumInput } from "../kit/fields";
import { ruleInputs, ruleLifecycle, type RuleSpec } from "../kit/rules";
import { declaration } from "./declaration";

/** One schema per input; `timeframe` and `blockTime` take seconds or the names. */
export const inputSchema = ruleInputs(declaration, enumInput(RateLimitActionType), {
  requestCount: z.number().int().min(1).max(2_147_483_647).describe("a whole number from 1"),
  timeframe: enumInput(RateLimitTimeframe),
  blockTime: enumInput(RateLimitBlockTime),
  counterKey: enumInput(RateLimitCounterKeyType).default("IP"),
});

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
