/**
 * What access lists keep on a zone: its managed and custom lists (their configurations, as the
 * API shows them) and the entries of the custom lists written through the API.
 */
import { z } from "zod";
import type { AccessListDetails } from "../../api-types";
import { boolean, enumValue, int, nonNegative, text, timestamp } from "../../snapshot-values";

/** An access list of a zone, stored exactly as the API shows it (mutate freely). */
export type AccessListRecord = AccessListDetails;

declare module "../../records" {
  interface ZoneRecord {
    managedLists: AccessListRecord[];
    customLists: AccessListRecord[];
    /**
     * Entries of custom lists written through the API, by listId (one per line). A list not
     * here (a seeded one) has entries generated from its type and count (see seed.ts).
     */
    customListContents?: Record<string, string>;
  }
}

/** `AccessListDetails` as a state file holds it. */
const accessList = z.strictObject({
  listId: int,
  configurationId: int,
  name: text.nullable(),
  description: text.nullable(),
  isEnabled: boolean,
  type: enumValue,
  category: enumValue,
  action: enumValue,
  requiredPlan: enumValue,
  entryCount: nonNegative,
  updateFrequency: text.nullable(),
  lastUpdated: timestamp,
});

/** The zone's lists as a version-1 state file already held them. */
export const version1ZoneFields = {
  managedLists: z.array(accessList),
  customLists: z.array(accessList),
};

/** The custom lists' entries as a state file holds them (absent in older files: none written). */
export const zoneFields = { customListContents: z.record(z.string(), z.string()).optional() };
