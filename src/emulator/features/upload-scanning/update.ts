/**
 * `PATCH /shield/shield-zone/{shieldZoneId}/upload-scanning`: changes the settings present
 * in the body (`isEnabled: null` keeps the current state). Answers the whole configuration.
 */
import { badRequest, BodyError, FIELD, readBody, type FieldSpecs } from "../../request-body";
import { dataError, ERRORS, json, successStatus, type ApiResponse } from "../../responses";
import type { RouteContext } from "../../route";
import { bodyFieldsOf } from "../../snapshot-values";
import { uploadScanningState } from "./get";
import { uploadScanningCheck, type UploadScanningSettings } from "./state";

const BODY: FieldSpecs = {
  // The path's id wins; clients repeat it here.
  shieldZoneId: FIELD.int32,
  ...bodyFieldsOf(uploadScanningCheck, { nullKeeps: ["isEnabled"] }),
};

export function updateUploadScanning(context: RouteContext): ApiResponse {
  const { state, params } = context;
  const body = readBody(context, BODY);
  if (body instanceof BodyError) return badRequest(body);
  const zone = state.zone(Number(params.shieldZoneId));
  if (!zone) return dataError(404, ERRORS.zoneNotFound);
  const { shieldZoneId: _, ...change } = body;
  const current = zone.uploadScanning;
  // A null (isEnabled's) keeps the setting; the body's check allows no other.
  const sent = Object.entries(change).filter(([, value]) => value !== null);
  const next = { ...current, ...Object.fromEntries(sent) } as UploadScanningSettings;
  const changed = JSON.stringify(next) !== JSON.stringify(current);
  zone.uploadScanning = next;
  return json(200, { data: uploadScanningState(zone), error: successStatus() }, changed);
}
