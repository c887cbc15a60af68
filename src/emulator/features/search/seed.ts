/** The platform's objects a fresh emulator's `/search` finds. */
import { SEARCH_ITEM_TYPES } from "../../api-types";
import type { SearchItemRecord } from "./state";

const NAME_PREFIXES = [
  "shop",
  "media",
  "blog",
  "api",
  "static",
  "docs",
  "assets",
  "app",
  "video",
  "images",
  "status",
  "downloads",
] as const;
const REGIONS = ["eu", "us", "asia"] as const;
/** Id ranges per type, so that ids look like the real, unrelated id spaces. */
const ID_BASES = {
  cdn: 2_100_000,
  storage: 410_000,
  dns: 560_000,
  script: 31_000,
  stream: 180_000,
};

/** `count` search items spread evenly over the five types, with unique names. */
export function seedSearchItems(count: number): SearchItemRecord[] {
  const items: SearchItemRecord[] = [];
  for (let i = 0; i < count; i++) {
    const type = SEARCH_ITEM_TYPES[i % SEARCH_ITEM_TYPES.length] as SearchItemRecord["type"];
    const k = Math.floor(i / SEARCH_ITEM_TYPES.length);
    const prefix = NAME_PREFIXES[k % NAME_PREFIXES.length] as string;
    const generation = Math.floor(k / NAME_PREFIXES.length);
    // (prefix, generation) is unique per k, so names never collide within a type.
    const suffix = generation > 0 ? `-${generation + 1}` : "";
    const names = {
      cdn: `${prefix}-cdn-${REGIONS[k % REGIONS.length]}${suffix}`,
      storage: `${prefix}-storage-${(k % 4) + 1}${suffix}`,
      dns: `${prefix}${suffix}.example.com`,
      script: `${prefix}-edge-script${suffix}`,
      stream: `${prefix}-videos${suffix}`,
    };
    items.push({ type, id: ID_BASES[type] + k * 7 + 1, name: names[type] });
  }
  return items;
}
