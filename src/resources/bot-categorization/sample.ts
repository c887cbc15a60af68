import { zoneIn, type KindSample } from "../kit/sample";

/** The kind's part in the stack benchmarks (see `kit/sample.ts`). */
export const sample: KindSample = {
  maxPerZone: 1,
  inputs: (zone) => ({
    shieldZoneId: zone.shieldZoneId,
    categories: { AIScraper: "Block" },
    bots: { GPTBot: "Allow" },
  }),
  changed: (inputs) => ({ ...inputs, bots: { GPTBot: "Ignore" } }),
  // Actions never written (or put back to None) are not held.
  live(state, inputs) {
    const actions = zoneIn(state, inputs)?.botCategorization;
    return [actions?.categories ?? {}, actions?.bots ?? {}];
  },
};
