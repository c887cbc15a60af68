/** `GET /shield/shield-zone/{shieldZoneId}/bot-detection`: a zone's bot detection settings. */
import type { BotDetectionSettings } from "../../api-types";
import { dataError, ERRORS, json, successStatus, type ApiResponse } from "../../responses";
import type { RouteContext } from "../../route";
import type { ZoneRecord } from "../../state";

export function getBotDetection({ state, params }: RouteContext): ApiResponse {
  const zone = state.zone(Number(params.shieldZoneId));
  // Unlike the access-list routes, this one answers a missing zone with a real 404.
  if (!zone) return dataError(404, ERRORS.zoneNotFound);
  return json(200, { data: botDetectionState(zone), error: successStatus() });
}

/** `BotDetectionConfigurationState` of a zone (a copy). */
export function botDetectionState(
  zone: ZoneRecord,
): BotDetectionSettings & { shieldZoneId: number } {
  const { executionMode, requestIntegrity, ipAddress, browserFingerprint } = structuredClone(
    zone.botDetection,
  );
  return {
    shieldZoneId: zone.shieldZoneId,
    executionMode,
    requestIntegrity,
    ipAddress,
    browserFingerprint,
  };
}
