/** `GET /shield/shield-zone/{shieldZoneId}/upload-scanning`: a zone's upload scanning. */
import { dataError, ERRORS, json, successStatus, type ApiResponse } from "../../responses";
import type { RouteContext } from "../../route";
import type { ZoneRecord } from "../../state";
import type { UploadScanningSettings } from "./state";

export function getUploadScanning({ state, params }: RouteContext): ApiResponse {
  const zone = state.zone(Number(params.shieldZoneId));
  // Documented like bot detection: a missing zone is a real 404.
  if (!zone) return dataError(404, ERRORS.zoneNotFound);
  return json(200, { error: successStatus(), data: uploadScanningState(zone) });
}

/** `UploadScanningConfigurationState` of a zone (a copy). */
export function uploadScanningState(
  zone: ZoneRecord,
): UploadScanningSettings & { shieldZoneId: number } {
  return { shieldZoneId: zone.shieldZoneId, ...zone.uploadScanning };
}
