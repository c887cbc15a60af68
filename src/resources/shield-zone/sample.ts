import { type KindSample } from "../kit/sample";

/** The kind's part in the stack benchmarks (see `kit/sample.ts`). */
export const sample: KindSample = {
  maxPerZone: 1,
  inputs: (zone) => ({
    pullZoneId: zone.pullZoneId,
    wafRequestHeaderLoggingEnabled: !zone.settings.wafRequestHeaderLoggingEnabled,
  }),
  changed: (inputs) => ({
    ...inputs,
    wafRequestHeaderLoggingEnabled: !inputs.wafRequestHeaderLoggingEnabled,
  }),
  live: (state, inputs) =>
    state.zones.find((z) => z.pullZoneId === inputs.pullZoneId)?.settings
      .wafRequestHeaderLoggingEnabled,
};
