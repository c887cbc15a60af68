/**
 * `PATCH /shield/shield-zone/{shieldZoneId}/access-lists/configurations/{id}`: enable, disable
 * or change the action of one list. Validates the body first (as model binding does), then
 * looks up zone, configuration and plan.
 */
import type { AccessListAction, UpdateAccessListConfiguration } from "../../api-types";
import {
  dataEnvelopeError,
  ERRORS,
  errorStatus,
  json,
  successStatus,
  type ApiResponse,
} from "../../responses";
import type { RouteContext } from "../../route";

const ALLOWED_PROPERTIES = new Set(["isEnabled", "action"]);

interface ValidationError {
  errorKey: string;
  message: string;
}

export function updateAccessListConfiguration(context: RouteContext): ApiResponse {
  const { state, params, rawBody, now } = context;
  const request = parseRequest(rawBody);
  if ("errorKey" in request) return json(400, dataEnvelopeError(errorStatus(400, request)));

  const zoneId = Number(params.shieldZoneId);
  const zone = state.zone(zoneId);
  if (!zone) return json(202, dataEnvelopeError(errorStatus(202, ERRORS.zoneNotFound)));
  const list = state.accessList(zoneId, Number(params.id));
  if (!list) return json(202, dataEnvelopeError(errorStatus(202, ERRORS.configurationNotFound)));
  if (list.requiredPlan > zone.planType) {
    return json(202, dataEnvelopeError(errorStatus(202, ERRORS.planTooLow)));
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

function parseRequest(rawBody: string): UpdateAccessListConfiguration | ValidationError {
  if (rawBody.trim() === "") {
    return { errorKey: "validation.body", message: "A JSON request body is required." };
  }
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return { errorKey: "validation.body", message: "The request body is not valid JSON." };
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { errorKey: "validation.body", message: "The request body must be a JSON object." };
  }
  const fields = body as Record<string, unknown>;
  for (const name of Object.keys(fields)) {
    if (!ALLOWED_PROPERTIES.has(name)) {
      return {
        errorKey: `validation.${name}`,
        message: `Unknown property '${name}': only 'isEnabled' and 'action' can be set.`,
      };
    }
  }
  const { isEnabled, action } = fields;
  if (isEnabled !== undefined && isEnabled !== null && typeof isEnabled !== "boolean") {
    return {
      errorKey: "validation.isEnabled",
      message: "'isEnabled' must be true, false or null.",
    };
  }
  if (action !== undefined && !isAction(action)) {
    return {
      errorKey: "validation.action",
      message:
        "'action' must be an action number (0 None, 1 Allow, 2 Block, 3 Challenge, 4 Log, 5 Bypass).",
    };
  }
  return { isEnabled, action };
}

/** Any non-negative integer: the service takes the actions it added since the spec. */
function isAction(value: unknown): value is AccessListAction {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 0x7fff_ffff;
}
