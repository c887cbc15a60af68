/**
 * `generate`'s part for `AccessListConfiguration`: the zone's managed lists, from the listing
 * `AccessList`'s part reads, each referring to its list through `getAccessLists`.
 */
import { AccessListCategory, enumName, ShieldPlanType } from "../../client/enums";
import type { AccessList as ListedAccessList } from "../../client/areas/access-lists";
import type { ProgramReference } from "../../generate/model";
import {
  existingKind,
  serviceDefaults,
  type Described,
  type Lookup,
  type ZoneContext,
} from "../../generate/existing";
import { existing as accessLists, type ListsRead } from "../access-list/existing";
import { declaration } from "./declaration";
import { inputSchema } from "./spec";

/** The zone's lists, as `getAccessLists` returns them. */
const LISTS: Lookup = { function: "getAccessLists", variable: "lists" };

/** The managed lists' references: by category, else by name, else the id itself. */
function listReference(
  context: ZoneContext,
  { managedLists, customLists }: ListsRead["listing"],
  list: ListedAccessList,
): ProgramReference | number {
  const category = list.category ?? AccessListCategory.None;
  const categoryName = enumName(AccessListCategory, category);
  if (
    category !== AccessListCategory.None &&
    !/^\d+$/.test(categoryName) &&
    managedLists.filter((l) => l.category === category).length === 1
  ) {
    return context.lookup(
      LISTS,
      ["byCategory", categoryName, "configurationId"],
      list.configurationId,
    );
  }
  const all = [...managedLists, ...customLists];
  if (list.name && all.filter((l) => l.name === list.name).length === 1) {
    return context.lookup(LISTS, ["byName", list.name, "configurationId"], list.configurationId);
  }
  return list.configurationId;
}

/**
 * Each managed list's configuration, in the order of their ids, its action compared with the
 * one the service suggests for it.
 */
export const existing = existingKind({
  declaration,
  inputs: inputSchema,
  describe: (context) => {
    const { listing } = context.read.of(accessLists);
    const { plan } = context.read;
    const suggested = context.defaults.accessLists;
    const planNumber = ShieldPlanType[plan as keyof typeof ShieldPlanType];
    return [...listing.managedLists]
      .sort((a, b) => a.configurationId - b.configurationId)
      .map((list): Described => {
        const suggestion =
          suggested.find((s) => s.listId === list.listId) ??
          suggested.find((s) => s.name !== null && s.name === list.name);
        const comments: string[] = [];
        const required = list.requiredPlan ?? 0;
        if (planNumber !== undefined && required > planNumber) {
          comments.push(
            `${list.name ?? "This list"} needs the ${enumName(ShieldPlanType, required)} plan: on this zone's ${plan} plan the service keeps it off and refuses to change it.`,
          );
        } else if (!list.isEnabled) {
          comments.push(
            `${list.name ?? "This list"} is switched off: its action applies once it is switched on.`,
          );
        }
        const category = list.category ?? AccessListCategory.None;
        return {
          name: context.names.take(list.name ?? "", "list", list.configurationId),
          raw: {
            shieldZoneId: context.zone,
            configurationId: listReference(context, listing, list),
            ...(category === AccessListCategory.None ? {} : { category }),
            isEnabled: list.isEnabled,
            action: list.action,
          },
          defaults: serviceDefaults(
            inputSchema,
            suggestion?.action == null ? {} : { action: suggestion.action },
          ),
          comments,
        };
      });
  },
});
