import {
  enumName,
  RateLimitActionType,
  RateLimitBlockTime,
  RateLimitCounterKeyType,
  RateLimitTimeframe,
} from "../../src/client/enums";
import { ownedConformance } from "./owned-conformance";
import { ruleCase } from "./rule-case";

ownedConformance(
  ruleCase({
    kind: "RateLimit",
    store: "rateLimits",
    actions: RateLimitActionType,
    action: "RateLimit",
    otherAction: "Challenge",
    // Seconds in, names out: check stores the names.
    own: { requestCount: 20, timeframe: 60, blockTime: "ForFiveMinutes", counterKey: "IP_JA4" },
    ownLive: (c) => ({
      requestCount: c.requestCount,
      timeframe: enumName(RateLimitTimeframe, c.timeframe as number),
      blockTime: enumName(RateLimitBlockTime, c.blockTime as number),
      counterKey: enumName(RateLimitCounterKeyType, c.counterKeyType as number),
    }),
    limitName: "rateLimitRulesLimit",
    createRoute: "createRateLimit",
    readRoute: "getRateLimit",
  }),
);
