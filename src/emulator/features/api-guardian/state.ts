/** A zone's API Guardian as the service shows it, and the defaults of one never written. */
import { z } from "zod";
import type { ZoneRecord } from "../../records";
import { boolean, enumValue, nonNegative, strings, text, timestamp } from "../../snapshot-values";

const parameterNames = z.strictObject({
  Path: strings,
  Query: strings,
  Header: strings,
  Cookie: strings,
});
/** Parameter names of an API Guardian endpoint by location (`Path`, `Query`, `Header`, `Cookie`). */
export type ParameterNames = z.infer<typeof parameterNames>;

/** `ApiGuardianEndpointDetails` without its zone id (its settings are a client's to change). */
const endpoint = z.strictObject({
  apiGuardianEndpointId: z.int().min(1),
  requestMethod: text,
  requestPath: text,
  isEnabled: boolean,
  validateRequestBodySchema: boolean,
  validateResponseBodySchema: boolean,
  validateAuthorization: boolean,
  availableParameters: parameterNames,
  injectionDetectionParameters: parameterNames,
  detectParameterXss: boolean,
  detectParameterSqli: boolean,
  rateLimitingEnabled: boolean,
  /** `ApiGuardianRateLimitType`, a string enum: `Global` or `IP`. */
  rateLimitingType: text,
  rateLimitingRequestCount: nonNegative,
  /** `RateLimitTimeframe`: seconds. */
  rateLimitingTimeframe: nonNegative,
  hasRequestBody: boolean,
  createdAt: timestamp,
  updatedAt: timestamp.nullable(),
});
/** `ApiGuardianEndpointDetails` without its zone id (its settings are a client's to change). */
export type ApiGuardianEndpointRecord = z.infer<typeof endpoint>;

/** A zone's API Guardian: its settings, the uploaded document's title and version, endpoints. */
export const apiGuardianCheck = z.strictObject({
  isEnabled: boolean,
  /** `WAFExecutionMode`: 0 Log, 1 Block. */
  executionMode: enumValue,
  /** `WAFPayloadLimitAction`: 0 Block, 1 Log, 2 Ignore. */
  bodyLimitAction: enumValue,
  /** `UnmatchedPathAction`: 0 Block, 1 Log, 2 Ignore. */
  unmatchedPathAction: enumValue,
  /** Null until a document is uploaded. */
  title: text.nullable(),
  version: text.nullable(),
  hasSpecification: boolean,
  enforceAuthorizationValidation: boolean,
  endpoints: z.array(endpoint),
  createdAt: timestamp,
  updatedAt: timestamp.nullable(),
});
/** A zone's API Guardian: its settings, the uploaded document's title and version, endpoints. */
export type ApiGuardianRecord = z.infer<typeof apiGuardianCheck>;

declare module "../../records" {
  interface ZoneRecord {
    /** API Guardian; absent until first written (it then reads as the defaults). */
    apiGuardian?: ApiGuardianRecord;
  }
}

/** The zone's fields as a state file holds them. */
export const zoneFields = { apiGuardian: apiGuardianCheck.optional() };

/** Limits the service reports with the configuration; `maxEndpoints` is enforced on upload. */
export const LIMITS = {
  maxEndpoints: 100,
  maxFieldsPerType: 50,
  maxNestingDepth: 10,
  maxTotalSchemaNodes: 5000,
  maxTotalRegexLength: 10_000,
} as const;

/** The zone's record, made (with the service's defaults) when first needed. */
export function apiGuardianOf(zone: ZoneRecord, now: Date): ApiGuardianRecord {
  return (zone.apiGuardian ??= {
    isEnabled: false,
    executionMode: 0,
    bodyLimitAction: 0,
    unmatchedPathAction: 1,
    title: null,
    version: null,
    hasSpecification: false,
    enforceAuthorizationValidation: false,
    endpoints: [],
    createdAt: now.toISOString(),
    updatedAt: null,
  });
}

/** `ApiGuardianConfigurationDetails`. */
export function configurationDetails(zone: ZoneRecord, guardian: ApiGuardianRecord) {
  return {
    shieldZoneId: zone.shieldZoneId,
    isEnabled: guardian.isEnabled,
    executionMode: guardian.executionMode,
    bodyLimitAction: guardian.bodyLimitAction,
    unmatchedPathAction: guardian.unmatchedPathAction,
    title: guardian.title,
    version: guardian.version,
    ...LIMITS,
    createdAt: guardian.createdAt,
    updatedAt: guardian.updatedAt,
  };
}

/** `ApiGuardianEndpointDetails`. */
export function endpointDetails(zone: ZoneRecord, endpoint: ApiGuardianEndpointRecord) {
  const { hasRequestBody, ...shown } = endpoint;
  return {
    ...shown,
    shieldZoneId: zone.shieldZoneId,
    authSchemes: [],
    requestBodySchemaYaml: hasRequestBody ? "type: object\n" : null,
    responseBodySchemasYaml: {},
  };
}

/** `ApiGuardianConfigurationResponse`: the configuration and every endpoint. */
export function configurationResponse(zone: ZoneRecord, guardian: ApiGuardianRecord) {
  return {
    configuration: configurationDetails(zone, guardian),
    endpoints: guardian.endpoints.map((e) => endpointDetails(zone, e)),
  };
}
