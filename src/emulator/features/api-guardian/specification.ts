/**
 * `POST` and `PATCH /shield/shield-zone/{shieldZoneId}/api-guardian/spec`: upload the
 * zone's OpenAPI document (POST, the first time) or replace it (PATCH). Each operation of
 * the document becomes an endpoint; an endpoint kept from the previous document keeps its id
 * and settings, one no longer in it is removed.
 */
import {
  DocumentError,
  parseOpenApiDocument,
  type DocumentOperation,
} from "../../../openapi/document";
import { badRequest, BodyError, FIELD, nullable, readBody } from "../../request-body";
import { dataError, ERRORS, json, successStatus, type ApiResponse } from "../../responses";
import type { RouteContext } from "../../route";
import type { ZoneRecord } from "../../state";
import {
  apiGuardianOf,
  configurationResponse,
  LIMITS,
  type ApiGuardianEndpointRecord,
} from "./state";

const BODY = {
  content: nullable(FIELD.text),
  enforceAuthorizationValidation: nullable(FIELD.boolean),
};

const SPEC_EXISTS = {
  errorKey: "already_exists.api_guardian_specification",
  message: "An OpenAPI specification is already uploaded for this zone; update it instead.",
};
const NO_SPEC = {
  errorKey: "not_found.api_guardian_specification",
  message: "No OpenAPI specification is uploaded for this zone; upload one first.",
};

export const uploadSpecification = (context: RouteContext) => upsert(context, false);
export const updateSpecification = (context: RouteContext) => upsert(context, true);

function upsert(context: RouteContext, replace: boolean): ApiResponse {
  const { state, params, now } = context;
  const body = readBody(context, BODY, ["content"]);
  if (body instanceof BodyError) return badRequest(body);
  const zone = state.zone(Number(params.shieldZoneId));
  if (!zone) return dataError(404, ERRORS.zoneNotFound);
  const existing = zone.apiGuardian?.hasSpecification ?? false;
  if (existing !== replace) return dataError(400, replace ? NO_SPEC : SPEC_EXISTS);
  let document;
  try {
    document = parseOpenApiDocument(String(body.content));
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    return badRequest(
      new BodyError(
        "validation.content",
        `The OpenAPI specification is invalid: ${error.message}.`,
      ),
    );
  }
  if (document.operations.length > LIMITS.maxEndpoints) {
    return dataError(400, {
      errorKey: "limit_reached.api_guardian_endpoints",
      message: `The specification has ${document.operations.length} operations; at most ${LIMITS.maxEndpoints} endpoints are allowed.`,
    });
  }
  const guardian = apiGuardianOf(zone, now);
  const enforce = (body.enforceAuthorizationValidation as boolean | null | undefined) ?? false;
  const stamp = now.toISOString();
  const previous = new Map(
    guardian.endpoints.map((e) => [`${e.requestMethod} ${e.requestPath}`, e]),
  );
  let nextId = nextEndpointId(zone);
  guardian.endpoints = document.operations.map((operation) => {
    const kept = previous.get(operation.key);
    if (kept) return { ...kept, availableParameters: operation.parameters, updatedAt: stamp };
    return newEndpoint(nextId++, operation, enforce, stamp);
  });
  Object.assign(guardian, {
    title: document.title,
    version: document.version,
    hasSpecification: true,
    enforceAuthorizationValidation: enforce,
    updatedAt: stamp,
  });
  return json(200, { data: configurationResponse(zone, guardian), error: successStatus() }, true);
}

/** Endpoint ids are unique across zones: the zone's id times 100,000 plus a counter. */
function nextEndpointId(zone: ZoneRecord): number {
  const ids = (zone.apiGuardian?.endpoints ?? []).map((e) => e.apiGuardianEndpointId);
  return Math.max(zone.shieldZoneId * 100_000, ...ids) + 1;
}

function newEndpoint(
  id: number,
  operation: DocumentOperation,
  enforceAuthorization: boolean,
  stamp: string,
): ApiGuardianEndpointRecord {
  return {
    apiGuardianEndpointId: id,
    requestMethod: operation.method,
    requestPath: operation.path,
    isEnabled: true,
    validateRequestBodySchema: operation.hasRequestBody,
    validateResponseBodySchema: false,
    validateAuthorization: enforceAuthorization,
    availableParameters: operation.parameters,
    injectionDetectionParameters: { Path: [], Query: [], Header: [], Cookie: [] },
    detectParameterXss: false,
    detectParameterSqli: false,
    rateLimitingEnabled: false,
    rateLimitingType: "Global",
    rateLimitingRequestCount: 100,
    rateLimitingTimeframe: 60,
    hasRequestBody: operation.hasRequestBody,
    createdAt: stamp,
    updatedAt: null,
  };
}
