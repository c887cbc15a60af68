/** `GET /shield/shield-zone/{shieldZoneId}/access-lists`: every list of a zone. */
import type { AccessListsDetailsResponse } from "../../api-types";
import { customListLimits } from "./limits";
import {
  accessListsError,
  ERRORS,
  errorStatus,
  json,
  successStatus,
  type ApiResponse,
} from "../../responses";
import type { RouteContext } from "../../route";

export function listAccessLists({ state, params }: RouteContext): ApiResponse {
  const zone = state.zone(Number(params.shieldZoneId));
  if (!zone) return json(202, accessListsError(errorStatus(202, ERRORS.zoneNotFound)));
  const limits = customListLimits(zone.planType);
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
