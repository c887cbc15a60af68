/**
 * `PATCH /shield/shield-zone/{shieldZoneId}/api-guardian/endpoint/{endpointId}`: changes the
 * endpoint settings present. Injection detection may only name parameters the endpoint has.
 */
import {
  badRequest,
  BodyError,
  FIELD,
  isEnumValue,
  nullable,
  readBody,
  type FieldSpec,
} from "../../request-body";
import { absence, absent, dataError, json, successStatus, type ApiResponse } from "../../responses";
import type { RouteContext } from "../../route";
import { endpointDetails, type ApiGuardianEndpointRecord, type ParameterNames } from "./state";

const LOCATIONS = ["Path", "Query", "Header", "Cookie"] as const;
/** Rate limiting types by number too: the service's enum converter reads either. */
const RATE_LIMIT_TYPES = ["Global", "IP"];

const rateLimitType: FieldSpec = {
  expected: `one of ${RATE_LIMIT_TYPES.join(", ")}`,
  check: (v) =>
    (typeof v === "string" && RATE_LIMIT_TYPES.includes(v)) ||
    (isEnumValue(v) && v < RATE_LIMIT_TYPES.length),
};

const BODY = {
  isEnabled: nullable(FIELD.boolean),
  validateRequestBodySchema: nullable(FIELD.boolean),
  validateResponseBodySchema: nullable(FIELD.boolean),
  validateAuthorization: nullable(FIELD.boolean),
  injectionDetectionParameters: nullable({
    expected: "an object of parameter names by location",
    fields: Object.fromEntries(LOCATIONS.map((l) => [l, FIELD.strings])),
  }),
  detectParameterXss: nullable(FIELD.boolean),
  detectParameterSqli: nullable(FIELD.boolean),
  rateLimitingEnabled: nullable(FIELD.boolean),
  rateLimitingType: nullable(rateLimitType),
  rateLimitingRequestCount: nullable(FIELD.int32),
  rateLimitingTimeframe: nullable(FIELD.enumValue),
};

const ENDPOINT_NOT_FOUND = absence(
  "not_found.api_guardian_endpoint",
  "API Guardian endpoint not found.",
);

export function updateApiGuardianEndpoint(context: RouteContext): ApiResponse {
  const { state, params, now } = context;
  const body = readBody(context, BODY);
  if (body instanceof BodyError) return badRequest(body);
  const zone = state.zone(Number(params.shieldZoneId));
  const endpoint = zone?.apiGuardian?.endpoints.find(
    (e) => e.apiGuardianEndpointId === Number(params.endpointId),
  );
  if (!zone || !endpoint) return absent(dataError(404, ENDPOINT_NOT_FOUND));
  const injection = body.injectionDetectionParameters as Partial<ParameterNames> | null;
  for (const location of LOCATIONS) {
    const unknown = injection?.[location]?.find(
      (name) => !endpoint.availableParameters[location].includes(name),
    );
    if (unknown !== undefined) {
      return badRequest(
        new BodyError(
          `validation.injectionDetectionParameters.${location}`,
          `'${unknown}' is not a ${location.toLowerCase()} parameter of this endpoint (it has: ${endpoint.availableParameters[location].join(", ") || "none"}).`,
        ),
      );
    }
  }
  const next: ApiGuardianEndpointRecord = { ...endpoint };
  for (const [field, value] of Object.entries(body)) {
    if (value === null || value === undefined) continue;
    if (field === "injectionDetectionParameters") {
      next.injectionDetectionParameters = {
        ...endpoint.injectionDetectionParameters,
        ...injection,
      };
    } else if (field === "rateLimitingType") {
      next.rateLimitingType = typeof value === "number" ? RATE_LIMIT_TYPES[value]! : String(value);
    } else {
      (next as unknown as Record<string, unknown>)[field] = value;
    }
  }
  const changed = JSON.stringify(next) !== JSON.stringify(endpoint);
  if (changed) next.updatedAt = now.toISOString();
  Object.assign(endpoint, next);
  return json(200, { data: endpointDetails(zone, endpoint), error: successStatus() }, changed);
}
