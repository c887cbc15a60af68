/**
 * `GET` and `PATCH /shield/shield-zone/{shieldZoneId}/api-guardian`: the configuration and
 * endpoints; the PATCH changes the fields present (`isEnabled: null` keeps the current state).
 */
import { badRequest, BodyError, readBody } from "../../request-body";
import { dataError, ERRORS, json, successStatus, type ApiResponse } from "../../responses";
import type { RouteContext } from "../../route";
import { bodyFieldsOf } from "../../snapshot-values";
import {
  apiGuardianCheck,
  apiGuardianOf,
  configurationDetails,
  configurationResponse,
} from "./state";

export function getApiGuardian({ state, params, now }: RouteContext): ApiResponse {
  const zone = state.zone(Number(params.shieldZoneId));
  if (!zone) return dataError(404, ERRORS.zoneNotFound);
  const guardian = zone.apiGuardian ?? apiGuardianOf({ ...zone }, now);
  return json(200, { data: configurationResponse(zone, guardian), error: successStatus() });
}

/** The configuration's settings: what the PATCH changes. */
const SETTINGS = apiGuardianCheck.pick({
  isEnabled: true,
  executionMode: true,
  bodyLimitAction: true,
  unmatchedPathAction: true,
});
const BODY = bodyFieldsOf(SETTINGS, { nullKeeps: ["isEnabled"] });

export function updateApiGuardian(context: RouteContext): ApiResponse {
  const { state, params, now } = context;
  const body = readBody(context, BODY);
  if (body instanceof BodyError) return badRequest(body);
  const zone = state.zone(Number(params.shieldZoneId));
  if (!zone) return dataError(404, ERRORS.zoneNotFound);
  let changed = zone.apiGuardian === undefined;
  const guardian = apiGuardianOf(zone, now);
  for (const field of SETTINGS.keyof().options) {
    const value = body[field];
    if (value === undefined || value === null || guardian[field] === value) continue;
    (guardian[field] as unknown) = value;
    changed = true;
  }
  if (changed) guardian.updatedAt = now.toISOString();
  return json(200, { data: configurationDetails(zone, guardian), error: successStatus() }, changed);
}
