/**
 * `PATCH /shield/shield-zone/{shieldZoneId}/access-lists/configurations/{id}`: enable, disable
 * or change the action of one list. Validates the body first (as model binding does), then
 * looks up zone, configuration and plan.
 */
import type { UpdateAccessListConfiguration } from "../../api-types";
import {
  badRequest,
  BodyError,
  FIELD,
  isEnumValue,
  nullable,
  readBody,
  type FieldSpecs,
} from "../../request-body";
import { absent, dataError, ERRORS, json, successStatus, type ApiResponse } from "../../responses";
import type { RouteContext } from "../../route";

const BODY: FieldSpecs = {
  isEnabled: nullable(FIELD.boolean),
  // Any action number: the service takes the actions it added since the spec.
  action: {
    expected: "an action number (0 None, 1 Allow, 2 Block, 3 Challenge, 4 Log, 5 Bypass, …)",
    check: isEnumValue,
  },
};

export function updateAccessListConfiguration(context: RouteContext): ApiResponse {
  const { state, params, now } = context;
  const body = readBody(context, BODY);
  if (body instanceof BodyError) return badRequest(body);
  const request = body as UpdateAccessListConfiguration;

  const zoneId = Number(params.shieldZoneId);
  const zone = state.zone(zoneId);
  if (!zone) return dataError(202, ERRORS.zoneNotFound);
  const list = state.accessList(zoneId, Number(params.id));
  if (!list) return absent(dataError(202, ERRORS.configurationNotFound));
  if (list.requiredPlan > zone.planType) {
    return dataError(202, ERRORS.planTooLow);
  }

  const isEnabled = request.isEnabled ?? list.isEnabled; // null keeps the current state
  const action = request.action ?? list.action;
  const changed = isEnabled !== list.isEnabled || action !== list.action;
  if (changed) {
    list.isEnabled = isEnabled;
    list.action = action;
    list.lastUpdated = now.toISOString();
  }
  return json(200, { data: { isEnabled, action }, error: successStatus() }, changed);
}
