import { BotDetectionExecutionMode, enumName } from "../../client";
import { zoneIn, type KindSample } from "../kit/sample";

/** The kind's part in the stack benchmarks (see `kit/sample.ts`). */
export const sample: KindSample = {
  maxPerZone: 1,
  inputs: (zone) => ({
    shieldZoneId: zone.shieldZoneId,
    executionMode: enumName(BotDetectionExecutionMode, 1 - zone.botDetection.executionMode),
  }),
  changed: (inputs) => ({
    ...inputs,
    executionMode: inputs.executionMode === "Challenge" ? "LogOnly" : "Challenge",
  }),
  live: (state, inputs) => zoneIn(state, inputs)?.botDetection,
};
