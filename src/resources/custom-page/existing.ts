/** `generate`'s part for `CustomPage`: the zone's pages, each in a file beside the program. */
import { CustomPageTypes } from "../../client/areas/custom-pages";
import { existingKind, isGap, notOnPlanNote, orGap } from "../../generate/existing";
import { declaration } from "./declaration";
import { inputSchema } from "./spec";

/** Each page the zone has, by type; none on a plan without them. */
export const existing = existingKind({
  declaration,
  inputs: inputSchema,
  read: ({ client, zoneId, plan, step, progress, notOnPlan }) =>
    Promise.all(
      CustomPageTypes.map((type) =>
        step(`its ${type} page`, () => orGap(client.customPages.get(zoneId, type), notOnPlan)),
      ),
    ).then((read) => {
      const gap = read.find(isGap);
      const pages = new Map<string, string>();
      CustomPageTypes.forEach((type, i) => {
        const html = read[i];
        if (typeof html === "string") pages.set(type, html);
      });
      progress(
        gap
          ? `custom pages: not on the ${plan} plan`
          : `custom pages: ${pages.size}${pages.size > 0 ? ` (${[...pages.keys()].join(", ")})` : ""}`,
      );
      return gap ?? pages;
    }),
  describe: (context, pages) => {
    if (isGap(pages)) return notOnPlanNote("Custom pages", context.read.plan, pages);
    return [...pages].map(([pageType, html]) => ({
      name: context.names.take(pageType, "page", pageType),
      raw: {
        shieldZoneId: context.zone,
        pageType,
        html: context.file(`${context.filePrefix}${pageType}.html`, html),
      },
    }));
  },
});
