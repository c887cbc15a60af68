/**
 * `GET /shield/shield-zone/{shieldZoneId}` and `GET /shield/shield-zone/get-by-pullzone/{pullZoneId}`:
 * one shield zone. The spec's answer is `{data}` alone; a missing zone is the 202 the spec
 * documents, with the failure envelope the service sends (API-NOTES.md).
 */
import { dataError, ERRORS, json, type ApiResponse } from "../../responses";
import type { RouteContext } from "../../route";
import type { ZoneRecord } from "../../state";
import { shieldZoneResponse } from "./settings";

export function getShieldZone({ state, params }: RouteContext): ApiResponse {
  return zoneAnswer(state.zone(Number(params.shieldZoneId)));
}

export function getShieldZoneByPullZone({ state, params }: RouteContext): ApiResponse {
  return zoneAnswer(state.zoneByPullZone(Number(params.pullZoneId)));
}

function zoneAnswer(zone: ZoneRecord | undefined): ApiResponse {
  if (!zone) return dataError(202, ERRORS.zoneNotFound);
  return json(200, { data: shieldZoneResponse(zone) });
}
