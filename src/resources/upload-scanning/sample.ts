import { zoneIn, type KindSample } from "../kit/sample";

/** The kind's part in the stack benchmarks (see `kit/sample.ts`). */
export const sample: KindSample = {
  maxPerZone: 1,
  inputs: (zone) => ({
    shieldZoneId: zone.shieldZoneId,
    isEnabled: !zone.uploadScanning.isEnabled,
  }),
  changed: (inputs) => ({ ...inputs, isEnabled: !inputs.isEnabled }),
  live: (state, inputs) => zoneIn(state, inputs)?.uploadScanning,
};
