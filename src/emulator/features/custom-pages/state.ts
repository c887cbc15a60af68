/** What custom pages keep on a zone: the HTML of each page type written. */
import { z } from "zod";
import { ShieldPlan } from "../../api-types";

/** The custom response pages a zone can have (the `pageType` path segment). */
export const CUSTOM_PAGE_TYPES = ["block", "challenge", "ratelimit"] as const;
/** One of {@link CUSTOM_PAGE_TYPES}. */
export type CustomPageType = (typeof CUSTOM_PAGE_TYPES)[number];

/** The lowest plan whose zones can read and write custom pages. */
export const LOWEST_PLAN = ShieldPlan.Advanced;

declare module "../../records" {
  interface ZoneRecord {
    /** Custom response pages (their HTML) by type; a type not here has none. */
    customPages?: Partial<Record<CustomPageType, string>>;
  }
}

/** The zone's fields as a state file holds them. */
export const zoneFields = {
  customPages: z.partialRecord(z.enum(CUSTOM_PAGE_TYPES), z.string().min(1)).optional(),
};
