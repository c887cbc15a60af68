/**
 * `PATCH /shield/shield-zone/{shieldZoneId}/bot-detection`: changes the settings present in
 * the body (nested objects partly too). Body first, then zone (404), then plan (403: Basic
 * zones cannot change bot detection). Answers the whole configuration as it now is.
 */
import {
  badRequest,
  BodyError,
  FIELD,
  isObject,
  readBody,
  type FieldSpecs,
} from "../../request-body";
import { dataError, ERRORS, json, successStatus, type ApiResponse } from "../../responses";
import type { RouteContext } from "../../route";
import { bodyFieldsOf } from "../../snapshot-values";
import { botDetectionState } from "./get";
import { hasBotDetection } from "./limits";
import { botDetectionCheck } from "./state";

const BODY: FieldSpecs = {
  // The path's id wins; clients repeat it here.
  shieldZoneId: FIELD.int32,
  ...bodyFieldsOf(botDetectionCheck),
};

export function updateBotDetection(context: RouteContext): ApiResponse {
  const { state, params } = context;
  const body = readBody(context, BODY);
  if (body instanceof BodyError) return badRequest(body);
  const zone = state.zone(Number(params.shieldZoneId));
  if (!zone) return dataError(404, ERRORS.zoneNotFound);
  if (!hasBotDetection(zone.planType)) return dataError(403, ERRORS.botDetectionPlanTooLow);
  const { shieldZoneId: _, ...change } = body;
  const before = JSON.stringify(zone.botDetection);
  merge(zone.botDetection as unknown as Record<string, unknown>, change);
  const changed = JSON.stringify(zone.botDetection) !== before;
  return json(200, { error: successStatus(), data: botDetectionState(zone) }, changed);
}

/** Copies the fields of `change` into `target`, object fields field by field. */
function merge(target: Record<string, unknown>, change: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(change)) {
    const current = target[key];
    if (isObject(value) && isObject(current)) merge(current, value);
    else target[key] = value;
  }
}
