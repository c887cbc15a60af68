import { ruleNamed, SAMPLE_CONDITION, type KindSample } from "../kit/sample";

/** The kind's part in the stack benchmarks (see `kit/sample.ts`). */
export const sample: KindSample = {
  maxPerZone: 10,
  inputs: (zone, n) => ({
    shieldZoneId: zone.shieldZoneId,
    name: `Benchmark rule ${n}`,
    action: "Block",
    conditions: [SAMPLE_CONDITION],
  }),
  changed: (inputs) => ({ ...inputs, action: "Log" }),
  live: (state, inputs) => ruleNamed(state.wafCustomRules, inputs),
};
