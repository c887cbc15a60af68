/** `GET /shield/shield-zone/{shieldZoneId}/bot-detection`: a zone's bot detection settings. */
import {
  dataEnvelopeError,
  ERRORS,
  errorStatus,
  json,
  successStatus,
  type ApiResponse,
} from "../../responses";
import type { RouteContext } from "../../route";

export function getBotDetection({ state, params }: RouteContext): ApiResponse {
  const zone = state.zone(Number(params.shieldZoneId));
  // Unlike the access-list routes, this one answers a missing zone with a real 404.
  if (!zone) return json(404, dataEnvelopeError(errorStatus(404, ERRORS.zoneNotFound)));
  const { executionMode, requestIntegrity, ipAddress, browserFingerprint } = zone.botDetection;
  return json(200, {
    data: {
      shieldZoneId: zone.shieldZoneId,
      executionMode,
      requestIntegrity,
      ipAddress,
      browserFingerprint,
    },
    error: successStatus(),
  });
}
