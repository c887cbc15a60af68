/**
 * `POST /shield/shield-zone`: creates the shield zone of a pull zone (one per pull zone; a
 * second is a 409). Answers `CreateShieldZoneResponse`: the request, with the new zone's
 * settings as they now are under `shieldZone`.
 */
import { ShieldPlan } from "../../api-types";
import {
  badRequest,
  BodyError,
  FIELD,
  isEnumValue,
  isObject,
  nullable,
  readBody,
  type FieldSpecs,
} from "../../request-body";
import { dataError, ERRORS, json, successStatus, type ApiResponse } from "../../responses";
import type { RouteContext } from "../../route";
import { bodyFieldOf, bodyFieldsOf } from "../../snapshot-values";
import { botDetectionCheck } from "../bot-detection/state";
import { uploadScanningCheck } from "../upload-scanning/state";
import { applySettings, SETTINGS_FIELDS, shieldZoneEcho } from "./settings";

const BODY: FieldSpecs = {
  pullZoneId: FIELD.id,
  shieldZone: { expected: "an object", fields: SETTINGS_FIELDS, nullable: true },
  // Checked, not applied: the spec does not say what its keys name.
  accessLists: nullable({
    expected: "an object of access list actions (non-negative integers)",
    check: (v) => isObject(v) && Object.values(v).every(isEnumValue),
  }),
  // What the zone's bot detection and upload scanning start with.
  botDetectionExecutionMode: bodyFieldOf(botDetectionCheck.shape.executionMode),
  ...bodyFieldsOf(
    uploadScanningCheck.pick({ csamScanningMode: true, antivirusScanningMode: true }),
  ),
};

export function createShieldZone(context: RouteContext): ApiResponse {
  const { state } = context;
  const body = readBody(context, BODY, ["pullZoneId"]);
  if (body instanceof BodyError) return badRequest(body);
  const pullZoneId = body.pullZoneId as number;
  if (state.zoneByPullZone(pullZoneId)) {
    return dataError(409, ERRORS.shieldZoneExists);
  }

  const settings = (body.shieldZone ?? {}) as Record<string, unknown>;
  // A new shield zone starts on the free tier unless the request picks a plan.
  const zone = state.addZone({
    pullZoneId,
    planType: (settings.planType as number | undefined) ?? ShieldPlan.Basic,
  });
  applySettings(zone, settings);
  const { botDetectionExecutionMode, csamScanningMode, antivirusScanningMode } = body as Record<
    string,
    number | undefined
  >;
  zone.botDetection.executionMode = botDetectionExecutionMode ?? zone.botDetection.executionMode;
  zone.uploadScanning.csamScanningMode = csamScanningMode ?? zone.uploadScanning.csamScanningMode;
  zone.uploadScanning.antivirusScanningMode =
    antivirusScanningMode ?? zone.uploadScanning.antivirusScanningMode;

  const data = {
    shieldZone: shieldZoneEcho(zone),
    pullZoneId,
    accessLists: body.accessLists ?? null,
    botDetectionExecutionMode: zone.botDetection.executionMode,
    csamScanningMode: zone.uploadScanning.csamScanningMode,
    antivirusScanningMode: zone.uploadScanning.antivirusScanningMode,
  };
  return json(200, { data, error: successStatus() }, true);
}
