/** A zone's API Guardian as the service shows it, and the defaults of one never written. */
import { z } from "zod";
import type { ApiGuardianEndpointRecord, ApiGuardianRecord } from "../../api-types";
import type { ZoneRecord } from "../../records";
import { enumValue, nonNegative, timestamp } from "../../snapshot-values";

declare module "../../records" {
  interface ZoneRecord {
    /** API Guardian; absent until first written (it then reads as the defaults). */
    apiGuardian?: ApiGuardianRecord;
  }
}

const parameterNames = z.strictObject({
  Path: z.array(z.string()),
  Query: z.array(z.string()),
  Header: z.array(z.string()),
  Cookie: z.array(z.string()),
});
const apiGuardian = z.strictObject({
  isEnabled: z.boolean(),
  executionMode: enumValue,
  bodyLimitAction: enumValue,
  unmatchedPathAction: enumValue,
  title: z.string().nullable(),
  version: z.string().nullable(),
  hasSpecification: z.boolean(),
  enforceAuthorizationValidation: z.boolean(),
  endpoints: z.array(
    z.strictObject({
      apiGuardianEndpointId: z.int().min(1),
      requestMethod: z.string(),
      requestPath: z.string(),
      isEnabled: z.boolean(),
      validateRequestBodySchema: z.boolean(),
      validateResponseBodySchema: z.boolean(),
      validateAuthorization: z.boolean(),
      availableParameters: parameterNames,
      injectionDetectionParameters: parameterNames,
      detectParameterXss: z.boolean(),
      detectParameterSqli: z.boolean(),
      rateLimitingEnabled: z.boolean(),
      rateLimitingType: z.string(),
      rateLimitingRequestCount: nonNegative,
      rateLimitingTimeframe: nonNegative,
      hasRequestBody: z.boolean(),
      createdAt: timestamp,
      updatedAt: timestamp.nullable(),
    }),
  ),
  createdAt: timestamp,
  updatedAt: timestamp.nullable(),
});
/** The zone's fields as a state file holds them. */
export const zoneFields = { apiGuardian: apiGuardian.optional() };

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
