/**
 * `AccessList` on the kit: a custom access list that Pulumi owns. Its entries travel as the
 * newline-joined `content`; `isEnabled` and `action` live on the list's configuration.
 */
import { inputSchemaOf } from "../kit/check";
import { declaration } from "./declaration";
import type { AccessList as ListedAccessList, CustomAccessList } from "../../client";
import { AccessListAction, AccessListType, enumName } from "../../client/enums";
import { ShieldError } from "../../client/errors";
import type { ShieldClient } from "../../client/shield-client";
import { enumNumber } from "../kit/fields";
import { ownedLifecycle } from "../kit/owned";
import { ENTRY_RULES } from "./entries";

const KIND = declaration.kind;

/** The schemas of its inputs, from the declaration, and the entries' rule for the list's type. */
export const inputSchema = inputSchemaOf(declaration, {
  across(inputs: Record<string, unknown>) {
    const rule = ENTRY_RULES[String(inputs.type)];
    const entries = inputs.entries;
    if (!Array.isArray(entries)) return [];
    const bad = rule ? entries.filter((entry) => !rule.valid(entry)) : [];
    return bad.length === 0
      ? []
      : [
          {
            property: "entries",
            reason: `entries of a ${inputs.type} list must each be ${rule.expectation}; got ${bad
              .slice(0, 5)
              .map((e) => JSON.stringify(e))
              .join(", ")}${bad.length > 5 ? ` and ${bad.length - 5} more` : ""}.`,
          },
        ];
  },
});

/** A custom list with its configuration, as one object. */
interface Live {
  shieldZoneId: number;
  list: CustomAccessList;
  configuration?: ListedAccessList;
}

const entriesOf = (content: string | null | undefined) =>
  [
    ...new Set(
      (content ?? "")
        .split("\n")
        .map((e) => e.trim())
        .filter((e) => e !== ""),
    ),
  ].sort();

async function configurationOf(client: ShieldClient, zone: number, listId: number) {
  const { customLists } = await client.accessLists.list(zone);
  return customLists.find((l) => l.listId === listId);
}

async function liveOf(client: ShieldClient, zone: number, listId: number): Promise<Live> {
  const [list, configuration] = await Promise.all([
    client.accessLists.get(zone, listId),
    configurationOf(client, zone, listId),
  ]);
  return { shieldZoneId: zone, list, configuration };
}

function idParts(id: string, outputs: Record<string, unknown>): { zone: number; listId: number } {
  if (outputs.shieldZoneId !== undefined && outputs.listId !== undefined) {
    return { zone: Number(outputs.shieldZoneId), listId: Number(outputs.listId) };
  }
  const match = /^(\d+)\/(\d+)$/.exec(id);
  if (!match)
    throw new ShieldError(`${KIND}: the id ${JSON.stringify(id)} is not <shieldZoneId>/<listId>.`);
  return { zone: Number(match[1]), listId: Number(match[2]) };
}

/** The lifecycle `dispatch` runs for this kind. */
export const lifecycle = ownedLifecycle<Live>({
  declaration,
  inputs: inputSchema,
  // The API's update takes no description: a new one replaces the list.
  async find(client, zone, name) {
    const { customLists } = await client.accessLists.list(zone);
    const found = customLists.find((l) => l.name === name);
    return found ? liveOf(client, zone, found.listId) : undefined;
  },
  async create(client, inputs) {
    const zone = Number(inputs.shieldZoneId);
    const list = await client.accessLists.create(zone, {
      name: String(inputs.name),
      ...(inputs.description === undefined ? {} : { description: String(inputs.description) }),
      type: enumNumber(AccessListType, inputs.type)!,
      content: (inputs.entries as string[]).join("\n"),
    });
    return {
      shieldZoneId: zone,
      list,
      configuration: await configurationOf(client, zone, list.id),
    };
  },
  async read(client, id, outputs) {
    const { zone, listId } = idParts(id, outputs);
    return liveOf(client, zone, listId);
  },
  async update(client, id, current, inputs, changed) {
    const { zone, listId } = idParts(id, current);
    if (changed.includes("name") || changed.includes("entries")) {
      await client.accessLists.update(zone, listId, {
        ...(changed.includes("name") ? { name: String(inputs.name) } : {}),
        ...(changed.includes("entries")
          ? { content: (inputs.entries as string[]).join("\n") }
          : {}),
      });
    }
    const configurationChange = {
      ...(changed.includes("isEnabled") ? { isEnabled: Boolean(inputs.isEnabled) } : {}),
      ...(changed.includes("action")
        ? {
            action: enumNumber(
              AccessListAction,
              inputs.action,
            ) as (typeof AccessListAction)["Block"],
          }
        : {}),
    };
    if (Object.keys(configurationChange).length > 0) {
      const configurationId = Number(current.configurationId);
      if (!Number.isSafeInteger(configurationId) || configurationId <= 0) {
        throw new ShieldError(
          `${KIND} ${id}: the service shows no configuration for this list yet; run the update again.`,
        );
      }
      await client.accessLists.updateConfiguration(zone, configurationId, configurationChange);
    }
  },
  async delete(client, id, outputs) {
    const { zone, listId } = idParts(id, outputs);
    await client.accessLists.delete(zone, listId);
  },
  id: (live) => `${live.shieldZoneId}/${live.list.id}`,
  outputs: ({ shieldZoneId, list, configuration }) => ({
    shieldZoneId,
    listId: list.id,
    name: list.name ?? null,
    description: list.description ?? null,
    type: list.type === undefined ? null : enumName(AccessListType, list.type),
    entries: entriesOf(list.content),
    entryCount: list.entryCount ?? entriesOf(list.content).length,
    checksum: list.checksum ?? null,
    configurationId: configuration?.configurationId ?? null,
    isEnabled: configuration?.isEnabled ?? null,
    action: configuration ? enumName(AccessListAction, configuration.action) : null,
  }),
  async limitMessage(client, inputs) {
    const lists = await client.accessLists.list(Number(inputs.shieldZoneId));
    return `the zone's plan allows ${lists.customListLimit ?? "?"} custom lists (customListLimit; it has ${lists.customListCount ?? "?"}) and ${lists.customEntryLimit ?? "?"} entries in all (customEntryLimit; it has ${lists.customEntryCount ?? "?"})`;
  },
});
