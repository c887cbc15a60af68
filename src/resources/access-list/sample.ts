import { zoneIn, type KindSample } from "../kit/sample";

/** The kind's part in the stack benchmarks (see `kit/sample.ts`). */
export const sample: KindSample = {
  // The plan's custom lists (5 on Advanced) less the two seeded ones.
  maxPerZone: 3,
  inputs: (zone, n) => ({
    shieldZoneId: zone.shieldZoneId,
    name: `Benchmark list ${n}`,
    type: "IP",
    entries: [`192.0.2.${n + 1}`],
  }),
  changed: (inputs) => ({
    ...inputs,
    entries: [...(inputs.entries as string[]), "198.51.100.1"],
  }),
  live: (state, inputs) => zoneIn(state, inputs)?.customLists.find((l) => l.name === inputs.name),
};
