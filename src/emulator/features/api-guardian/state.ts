/** A zone's API Guardian as the service shows it, and the defaults of one never written. */
import type { ApiGuardianEndpointRecord, ApiGuardianRecord } from "../../api-types";
import type { ZoneRecord } from "../../state";

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
