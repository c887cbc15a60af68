/** `RateLimit` declared once: resource.ts is generated from it (`npm run generate`). */
import { z } from "zod";
import {
  RateLimitActionType,
  RateLimitBlockTime,
  RateLimitCounterKeyType,
  RateLimitTimeframe,
} from "../../client/enums";
import { enumInput, integerInput } from "../kit/fields";
import { declareKind } from "../kit/declaration";
import { RULE_BASE, ruleOutputs } from "../kit/rule-declaration";

export const declaration = declareKind({
  kind: "RateLimit",
  summary: "`RateLimit`: a rate limit rule that Pulumi creates, changes and deletes.",
  doc: `A rate limit of a shield zone (\`POST /shield/rate-limit\`, \`PATCH\` and \`DELETE\` of
\`/shield/rate-limit/{id}\`), with the same guarantees as \`WafCustomRule\`.

@example
\`\`\`ts
new RateLimit("login", {
  shieldZoneId: zone.shieldZoneId,
  name: "Login attempts",
  action: "RateLimit",
  conditions: [{ variable: "REQUEST_URI", operator: "BEGINSWITH", value: "/login" }],
  requestCount: 10,
  timeframe: 60,
  blockTime: 300,
});
\`\`\``,
  base: RULE_BASE,
  inputs: {
    action: {
      schema: enumInput(RateLimitActionType, "RateLimitAction"),
      doc: "`RateLimit`, `Log` or `Challenge` (or 1 to 3).",
      required: true,
      docs: {
        text: "What happens once the count is exceeded.",
      },
    },
    requestCount: {
      schema: integerInput(1),
      doc: "How many requests are allowed in `timeframe`.",
      required: true,
      docs: { text: "Requests allowed per window: a whole number from 1." },
    },
    timeframe: {
      schema: enumInput(RateLimitTimeframe, "RateLimitTimeframe", { anyText: true }),
      doc: "The window, in seconds (1, 10, 60, 300, 900, 3600) or by name (`PerOneMinute`, …).",
      required: true,
      docs: {
        type: '`1`, `10`, `60`, `300`, `900`, `3600` (seconds), or `"PerSecond"`, `"PerTenSeconds"`, `"PerOneMinute"`, `"PerFiveMinutes"`, `"PerFifteenMinutes"`, `"PerOneHour"`',
        text: "The window requests are counted over.",
      },
    },
    blockTime: {
      schema: enumInput(RateLimitBlockTime, "RateLimitBlockTime", { anyText: true }),
      doc: "How long a client is limited, in seconds (30, 60, 300, 900, 1800, 3600) or by name (`ForOneMinute`, …).",
      required: true,
      docs: {
        type: '`30`, `60`, `300`, `900`, `1800`, `3600` (seconds), or `"ForThirtySeconds"`, `"ForOneMinute"`, `"ForFiveMinutes"`, `"ForFifteenMinutes"`, `"ForThirtyMinutes"`, `"ForOneHour"`',
        text: "How long a client is limited once triggered.",
      },
    },
    counterKey: {
      schema: enumInput(RateLimitCounterKeyType, "RateLimitCounterKey", { anyText: true }).default(
        "IP",
      ),
      doc: "What requests are counted per: `IP` (default), `Host`, `Country`, `City`, `ASN`, `Organization`, `JA4`, `IP_JA4`.",
      docs: {
        default: '`"IP"`',
        text: "What requests are counted per.",
      },
    },
  },
  outputs: ruleOutputs({
    requestCount: {
      type: z.number().int(),
      doc: "Requests allowed per window.",
      docs: { text: "Requests allowed per window." },
    },
    timeframe: {
      type: z.string(),
      doc: "The window by name (e.g. `PerOneMinute`).",
      docs: { text: "The window by name, e.g. `PerOneMinute`." },
    },
    blockTime: {
      type: z.string(),
      doc: "The block time by name (e.g. `ForFiveMinutes`).",
      docs: { text: "The block time by name, e.g. `ForFiveMinutes`." },
    },
    counterKey: {
      type: z.string(),
      doc: "What requests are counted per, by name.",
      docs: { text: "What requests are counted per, by name." },
    },
  }),
});
