/**
 * Custom access lists: `POST /shield/shield-zone/{id}/access-lists`, and `GET`, `PATCH`,
 * `DELETE .../access-lists/{listId}`. A new list gets a configuration (enabled, Block) that
 * the zone's listing shows; the plan limits the number of lists and of entries in all.
 */
import { createHash } from "node:crypto";
import type { CustomAccessList } from "../../api-types";
import { customListLimits } from "./limits";
import {
  badRequest,
  BodyError,
  FIELD,
  nullable,
  readBody,
  type FieldSpecs,
} from "../../request-body";
import {
  absent,
  dataError,
  ERRORS,
  errorStatus,
  json,
  successStatus,
  type ApiResponse,
} from "../../responses";
import type { RouteContext } from "../../route";
import type { EmulatorState, ZoneRecord } from "../../state";
import type { AccessListRecord } from "./state";

const CREATE: FieldSpecs = {
  name: FIELD.text,
  description: nullable(FIELD.text),
  type: FIELD.enumValue,
  content: nullable(FIELD.text),
  checksum: nullable(FIELD.text),
};
const UPDATE: FieldSpecs = {
  name: nullable(FIELD.text),
  content: nullable(FIELD.text),
  checksum: nullable(FIELD.text),
};

const entriesIn = (content: string) => content.split("\n").filter((e) => e.trim() !== "").length;

/**
 * The refusal of content without a single entry (blank lines only), which the live service
 * refuses: octorules-bunny, written against it, lints empty content as an error (BN301).
 */
const noEntries = () =>
  badRequest(
    new BodyError("validation.content", "'content' must hold at least one entry, one a line."),
  );

/**
 * Content as the live service keeps it: without trailing line breaks (octorules-bunny strips
 * them before comparing, or every sync would show a change).
 */
const stored = (content: string) => content.replace(/(?:\r?\n)+$/, "");

/** The list as `CustomAccessList`. */
function customAccessList(
  state: EmulatorState,
  zone: ZoneRecord,
  list: AccessListRecord,
): CustomAccessList {
  const content = state.customListContent(zone, list);
  return {
    id: list.listId,
    name: list.name,
    description: list.description,
    type: list.type,
    content,
    checksum: createHash("sha256").update(content).digest("hex"),
    entryCount: list.entryCount,
    lastModified: list.lastUpdated,
  };
}

const answer = (state: EmulatorState, zone: ZoneRecord, list: AccessListRecord, mutated = false) =>
  json(200, { data: customAccessList(state, zone, list), error: successStatus() }, mutated);

/** A refusal when `entries` more entries would pass the plan's limit. */
function entryLimit(zone: ZoneRecord, added: number): ApiResponse | undefined {
  const limit = customListLimits(zone.planType).entries;
  const used = zone.customLists.reduce((sum, list) => sum + list.entryCount, 0);
  if (used + added <= limit) return undefined;
  return dataError(400, {
    errorKey: "limit_reached.access_list_entries",
    message: `The zone's Shield plan allows ${limit} custom access list entries in all (${used} used).`,
  });
}

/** The zone and custom list a path names, or the answer for a missing one. */
function locate(context: RouteContext): { zone: ZoneRecord; list: AccessListRecord } | ApiResponse {
  const zone = context.state.zone(Number(context.params.shieldZoneId));
  if (!zone) return dataError(202, ERRORS.zoneNotFound);
  const list = context.state.customList(zone.shieldZoneId, Number(context.params.id));
  return list ? { zone, list } : absent(dataError(404, ERRORS.customListNotFound));
}

export function createCustomAccessList(context: RouteContext): ApiResponse {
  const { state, params, now } = context;
  const body = readBody(context, CREATE, ["name", "type", "content"]);
  if (body instanceof BodyError) return badRequest(body);
  if (entriesIn(String(body.content)) === 0) return noEntries();
  const zone = state.zone(Number(params.shieldZoneId));
  if (!zone) return dataError(202, ERRORS.zoneNotFound);
  const limit = customListLimits(zone.planType).lists;
  if (zone.customLists.length >= limit) {
    return dataError(400, {
      errorKey: "limit_reached.access_list",
      message: `The zone's Shield plan allows ${limit} custom access lists.`,
    });
  }
  const content = stored(String(body.content));
  const refused = entryLimit(zone, entriesIn(content));
  if (refused) return refused;

  const listId = Math.max(zone.shieldZoneId * 1000, ...zone.customLists.map((l) => l.listId)) + 1;
  const list: AccessListRecord = {
    listId,
    // Apart from the seeded configurations (zone × 100 + n), and unique across zones.
    configurationId: listId * 100,
    name: String(body.name),
    description: (body.description as string | null | undefined) ?? null,
    isEnabled: true,
    type: body.type as number,
    category: 0,
    action: 2, // Block
    requiredPlan: 0,
    entryCount: entriesIn(content),
    updateFrequency: null,
    lastUpdated: now.toISOString(),
  };
  zone.customLists.push(list);
  (zone.customListContents ??= {})[listId] = content;
  return answer(state, zone, list, true);
}

export function getCustomAccessList(context: RouteContext): ApiResponse {
  const found = locate(context);
  return "zone" in found ? answer(context.state, found.zone, found.list) : found;
}

export function updateCustomAccessList(context: RouteContext): ApiResponse {
  const body = readBody(context, UPDATE);
  if (body instanceof BodyError) return badRequest(body);
  if (typeof body.content === "string" && entriesIn(body.content) === 0) return noEntries();
  const found = locate(context);
  if (!("zone" in found)) return found;
  const { zone, list } = found;
  let changed = false;
  if (typeof body.name === "string" && body.name !== list.name) {
    list.name = body.name;
    changed = true;
  }
  const content = typeof body.content === "string" ? stored(body.content) : undefined;
  if (content !== undefined && content !== context.state.customListContent(zone, list)) {
    const refused = entryLimit(zone, entriesIn(content) - list.entryCount);
    if (refused) return refused;
    (zone.customListContents ??= {})[list.listId] = content;
    list.entryCount = entriesIn(content);
    changed = true;
  }
  if (changed) list.lastUpdated = context.now.toISOString();
  return answer(context.state, zone, list, changed);
}

export function deleteCustomAccessList(context: RouteContext): ApiResponse {
  const zone = context.state.zone(Number(context.params.shieldZoneId));
  if (!zone) return json(202, errorStatus(202, ERRORS.zoneNotFound));
  const listId = Number(context.params.id);
  if (!context.state.customList(zone.shieldZoneId, listId)) {
    return absent(json(404, errorStatus(404, ERRORS.customListNotFound)));
  }
  zone.customLists = zone.customLists.filter((l) => l.listId !== listId);
  if (zone.customListContents) delete zone.customListContents[listId];
  return json(200, successStatus(), true);
}
