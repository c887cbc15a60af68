/** What `/search` looks through: the platform's objects (the state's, in the order it answers them). */
import { z } from "zod";
import { SEARCH_ITEM_TYPES } from "../../api-types";
import { int, text } from "../../snapshot-values";

const searchItem = z.strictObject({ type: z.enum(SEARCH_ITEM_TYPES), id: int, name: text });

/** A platform object found by `/search`. */
export type SearchItemRecord = z.infer<typeof searchItem>;

declare module "../../records" {
  interface StateSnapshot {
    /** The platform's objects `/search` finds (every file has them, since state version 1). */
    searchItems: SearchItemRecord[];
  }
}

/** The items as a version-1 state file already held them. */
export const version1SnapshotFields = { searchItems: z.array(searchItem) };
