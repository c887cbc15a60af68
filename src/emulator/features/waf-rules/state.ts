/** What the WAF keeps on a zone besides its settings: the triggered rules reviewed. */
import { z } from "zod";

declare module "../../records" {
  interface ZoneRecord {
    /** Triggered managed rules reviewed as `Ignore` (absent until the first). */
    reviewedRules?: string[];
  }
}

/** The zone's fields as a state file holds them. */
export const zoneFields = { reviewedRules: z.array(z.string()).optional() };
