import { AccessListAction, enumName } from "../../client";
import { zoneIn, listsOf, type KindSample } from "../kit/sample";

/** The kind's part in the stack benchmarks (see `kit/sample.ts`). */
export const sample: KindSample = {
  // The seeded lists of a zone (benchZones adds more for a stack of this kind alone).
  maxPerZone: 6,
  inputs(zone, n) {
    const list = listsOf(zone)[n];
    if (!list) throw new RangeError(`zone ${zone.shieldZoneId} has no list number ${n}`);
    // The opposite of the live value, so that create writes.
    return {
      shieldZoneId: zone.shieldZoneId,
      configurationId: list.configurationId,
      isEnabled: !list.isEnabled,
      action: "Log",
    };
  },
  changed: (inputs) => ({ ...inputs, isEnabled: !inputs.isEnabled }),
  live(state, inputs) {
    const list = listsOf(zoneIn(state, inputs)!).find(
      (l) => l.configurationId === inputs.configurationId,
    );
    return list && [list.isEnabled, enumName(AccessListAction, list.action)];
  },
};
