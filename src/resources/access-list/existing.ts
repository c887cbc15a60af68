/**
 * `generate`'s part for `AccessList`: the zone's custom lists, each with its own content. It
 * reads the zone's listing of every list, which `AccessListConfiguration`'s part describes too.
 */
import type { AccessLists, CustomAccessList } from "../../client/areas/access-lists";
import { beyondLimit, count, existingKind, type Described } from "../../generate/existing";
import { declaration } from "./declaration";
import { inputSchema } from "./spec";

/** A list holding more entries than this goes to a file beside the program. */
export const ENTRIES_INLINE = 100;

/** The zone's lists, and each custom list's own content by list id. */
export interface ListsRead {
  readonly listing: AccessLists;
  readonly custom: ReadonlyMap<number, CustomAccessList>;
}

/** Each custom list of the zone, in the order of their ids, its entries once each. */
export const existing = existingKind<ListsRead>({
  declaration,
  inputs: inputSchema,
  read: ({ client, zoneId, step, progress }) =>
    step("its access lists", () => client.accessLists.list(zoneId)).then(async (listing) => {
      progress(
        `access lists: ${count(listing.managedLists.length, "managed list")}, ${count(listing.customLists.length, "custom list")}`,
      );
      const custom = new Map<number, CustomAccessList>();
      let entries = 0;
      await Promise.all(
        listing.customLists.map(async (list) => {
          const read = await step(`its custom access list ${list.listId}`, () =>
            client.accessLists.get(zoneId, list.listId),
          );
          custom.set(list.listId, read);
          entries += read.entryCount ?? 0;
          progress(
            `custom list ${JSON.stringify(read.name ?? list.name ?? "")} (${custom.size} of ${listing.customLists.length}): ${count(read.entryCount ?? 0, "entry", "entries")}`,
          );
        }),
      );
      if (listing.customLists.length > 0) {
        progress(
          `custom lists: ${count(custom.size, "list")}, ${count(entries, "entry", "entries")}`,
        );
      }
      return { listing, custom };
    }),
  describe: (context, { listing, custom }) => {
    const lists = [...listing.customLists].sort((a, b) => a.listId - b.listId);
    let entriesSoFar = 0;
    return lists.map((list, index): Described => {
      const own = custom.get(list.listId);
      const entries = [
        ...new Set(
          (own?.content ?? "")
            .split("\n")
            .map((e) => e.trim())
            .filter((e) => e !== ""),
        ),
      ];
      const name = context.names.take(own?.name ?? list.name ?? "", "list", list.listId);
      entriesSoFar += entries.length;
      const comments = [
        ...beyondLimit(index, listing.customListLimit, lists.length, "custom list"),
        ...(typeof listing.customEntryLimit === "number" && entriesSoFar > listing.customEntryLimit
          ? [
              `Beyond the plan's limit of ${listing.customEntryLimit} entries in all (the zone has ${listing.customEntryCount ?? entriesSoFar}): the service keeps them, but would refuse to create the list again.`,
            ]
          : []),
      ];
      return {
        name,
        raw: {
          shieldZoneId: context.zone,
          name: own?.name ?? list.name,
          description: own?.description,
          type: own?.type ?? list.type,
          entries:
            entries.length > ENTRIES_INLINE
              ? context.file(`${name}.txt`, `${entries.join("\n")}\n`, entries)
              : entries,
          isEnabled: list.isEnabled,
          action: list.action,
        },
        comments,
      };
    });
  },
});
