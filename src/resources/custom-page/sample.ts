import { CustomPageTypes, type CustomPageType } from "../../client";
import { zoneIn, type KindSample } from "../kit/sample";

/** The kind's part in the stack benchmarks (see `kit/sample.ts`). */
export const sample: KindSample = {
  // A zone has one page of each type.
  maxPerZone: CustomPageTypes.length,
  inputs: (zone, n) => ({
    shieldZoneId: zone.shieldZoneId,
    pageType: CustomPageTypes[n],
    html: `<p>The ${CustomPageTypes[n]} page of zone ${zone.shieldZoneId}.</p>`,
  }),
  changed: (inputs) => ({ ...inputs, html: `${String(inputs.html)}<p>Changed.</p>` }),
  live: (state, inputs) => zoneIn(state, inputs)?.customPages?.[inputs.pageType as CustomPageType],
};
