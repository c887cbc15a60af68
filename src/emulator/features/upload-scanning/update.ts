/**
 * `PATCH /shield/shield-zone/{shieldZoneId}/upload-scanning`: changes the settings present
 * in the body (`isEnabled: null` keeps the current state). Answers the whole configuration.
 */
import type { UploadScanningSettings } from "../../api-types";
import {
  badRequest,
  BodyError,
  FIELD,
  nullable,
  readBody,
  type FieldSpecs,
} from "../../request-body";
import { dataError, ERRORS, json, successStatus, type ApiResponse } from "../../responses";
import type { RouteContext } from "../../route";
import { uploadScanningState } from "./get";

const BODY: FieldSpecs = {
  // The path's id wins; clients repeat it here.
  shieldZoneId: FIELD.int32,
  isEnabled: nullable(FIELD.boolean),
  csamScanningMode: FIELD.enumValue,
  antivirusScanningMode: FIELD.enumValue,
};

export function updateUploadScanning(context: RouteContext): ApiResponse {
  const { state, params } = context;
  const body = readBody(context, BODY);
  if (body instanceof BodyError) return badRequest(body);
  const zone = state.zone(Number(params.shieldZoneId));
  if (!zone) return dataError(404, ERRORS.zoneNotFound);
  const change = body as { [K in keyof UploadScanningSettings]?: UploadScanningSettings[K] | null };
  const current = zone.uploadScanning;
  const next: UploadScanningSettings = {
    isEnabled: change.isEnabled ?? current.isEnabled,
    csamScanningMode: change.csamScanningMode ?? current.csamScanningMode,
    antivirusScanningMode: change.antivirusScanningMode ?? current.antivirusScanningMode,
  };
  const changed = JSON.stringify(next) !== JSON.stringify(current);
  zone.uploadScanning = next;
  return json(200, { data: uploadScanningState(zone), error: successStatus() }, changed);
}
