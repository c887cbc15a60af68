/** `GET /shield/shield-zone/{shieldZoneId}/access-lists`: every list of a zone. */
import { ShieldPlan, type AccessListsDetailsResponse, type ShieldPlanType } from "../../api-types";
import {
  accessListsError,
  ERRORS,
  errorStatus,
  json,
  successStatus,
  type ApiResponse,
} from "../../responses";
import type { RouteContext } from "../../route";

/** Custom list limits per plan (Basic, Advanced, Business, Enterprise). */
const LIMITS: Record<ShieldPlanType, { lists: number; entries: number }> = {
  0: { lists: 2, entries: 1_000 },
  1: { lists: 10, entries: 10_000 },
  2: { lists: 25, entries: 50_000 },
  3: { lists: 100, entries: 250_000 },
};

export function listAccessLists({ state, params }: RouteContext): ApiResponse {
  const zone = state.zone(Number(params.shieldZoneId));
  if (!zone) return json(202, accessListsError(errorStatus(202, ERRORS.zoneNotFound)));
  const limits = LIMITS[zone.planType] ?? LIMITS[ShieldPlan.Enterprise];
  const body: AccessListsDetailsResponse = {
    managedLists: zone.managedLists,
    customLists: zone.customLists,
    customEntryCount: zone.customLists.reduce((sum, list) => sum + list.entryCount, 0),
    customEntryLimit: limits.entries,
    customListCount: zone.customLists.length,
    customListLimit: limits.lists,
    error: successStatus(),
  };
  return json(200, body);
}
