import { ruleNamed, SAMPLE_CONDITION, type KindSample } from "../kit/sample";

/** The kind's part in the stack benchmarks (see `kit/sample.ts`). */
export const sample: KindSample = {
  maxPerZone: 10,
  inputs: (zone, n) => ({
    shieldZoneId: zone.shieldZoneId,
    name: `Benchmark limit ${n}`,
    action: "RateLimit",
    conditions: [SAMPLE_CONDITION],
    requestCount: 10,
    timeframe: 60,
    blockTime: 300,
  }),
  changed: (inputs) => ({ ...inputs, requestCount: 20 }),
  live: (state, inputs) => ruleNamed(state.rateLimits, inputs),
};
