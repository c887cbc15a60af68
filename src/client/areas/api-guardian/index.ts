/**
 * API Guardian of a zone: `GET`/`PATCH /shield/shield-zone/{id}/api-guardian` (configuration
 * and endpoints), `POST`/`PATCH …/api-guardian/spec` (the OpenAPI document) and
 * `PATCH …/api-guardian/endpoint/{endpointId}` (one endpoint's settings).
 */
import { z } from "zod";
import {
  booleanField,
  changeOf,
  check,
  enumField,
  fields,
  integerField,
  multilineField,
  pathOf,
  positiveId,
  shieldZoneId as checkZoneId,
} from "../../arguments";
import {
  ApiGuardianRateLimitTypes,
  RateLimitTimeframe,
  UnmatchedPathAction,
  WafExecutionMode,
  WafPayloadLimitAction,
} from "../../enums";
import { AreaClient } from "../../area-client";
import {
  enumInt,
  enumMapSchema,
  inData,
  lenientInt,
  listOrEmpty,
  optionalText,
  unread,
  type EnumMap,
} from "../../schemas";

/** Longest OpenAPI document accepted, in characters. */
export const MAX_OPENAPI_SPEC_LENGTH = 10_000_000;

/** `ApiGuardianConfigurationDetails`: what the resource compares is strict, the limits are shown. */
const apiGuardianConfigurationSchema = z.object({
  shieldZoneId: lenientInt,
  isEnabled: z.boolean().nullable().optional(),
  executionMode: enumInt.optional(),
  bodyLimitAction: enumInt.optional(),
  unmatchedPathAction: enumInt.optional(),
  // Read to tell whether a document was uploaded.
  title: optionalText,
  version: optionalText,
  maxEndpoints: lenientInt,
  createdAt: unread,
  updatedAt: unread,
});
/** A zone's API Guardian settings; the enums are {@link WafExecutionMode}, {@link WafPayloadLimitAction} and {@link UnmatchedPathAction} values. */
export type ApiGuardianConfiguration = z.output<typeof apiGuardianConfigurationSchema>;

const parameterNames = z
  .object({
    Path: listOrEmpty(z.string()),
    Query: listOrEmpty(z.string()),
    Header: listOrEmpty(z.string()),
    Cookie: listOrEmpty(z.string()),
  })
  .nullable()
  .optional();

const flag = z.boolean().nullable().optional();

/** `ApiGuardianEndpointDetails`: the settings a resource compares are strict; schemas are shown. */
const apiGuardianEndpointSchema = z.object({
  apiGuardianEndpointId: z.number().int(),
  requestMethod: optionalText,
  requestPath: optionalText,
  isEnabled: flag,
  validateRequestBodySchema: flag,
  validateResponseBodySchema: flag,
  validateAuthorization: flag,
  availableParameters: parameterNames,
  injectionDetectionParameters: parameterNames,
  detectParameterXss: flag,
  detectParameterSqli: flag,
  rateLimitingEnabled: flag,
  // A name in the spec (`Global`, `IP`); a number is kept too, should the service send one.
  rateLimitingType: z.union([z.string(), z.number().int()]).nullable().optional(),
  rateLimitingRequestCount: z.number().int().nullable().optional(),
  rateLimitingTimeframe: enumInt.nullable().optional(),
  authSchemes: unread,
  requestBodySchemaYaml: unread,
  responseBodySchemasYaml: unread,
});
/** One endpoint of a zone's API Guardian: an operation of its OpenAPI document and its settings. */
export type ApiGuardianEndpoint = z.output<typeof apiGuardianEndpointSchema>;

const wholeSchema = z.object({
  configuration: apiGuardianConfigurationSchema,
  endpoints: listOrEmpty(apiGuardianEndpointSchema),
});
/** A zone's API Guardian: its configuration and every endpoint. */
export type ApiGuardian = z.output<typeof wholeSchema>;

const configurationChangeSchema = changeOf(
  {
    isEnabled: booleanField.optional(),
    executionMode: enumField(WafExecutionMode).optional(),
    bodyLimitAction: enumField(WafPayloadLimitAction).optional(),
    unmatchedPathAction: enumField(UnmatchedPathAction).optional(),
  },
  "isEnabled, executionMode, bodyLimitAction and/or unmatchedPathAction",
);
/** The changes a configuration update may carry; at least one. */
export type ApiGuardianChange = z.input<typeof configurationChangeSchema>;

const names = z.array(z.string().min(1).max(256)).max(1000);
const INT32_MAX = 2_147_483_647;
const endpointChangeSchema = changeOf(
  {
    isEnabled: booleanField.optional(),
    validateRequestBodySchema: booleanField.optional(),
    validateResponseBodySchema: booleanField.optional(),
    validateAuthorization: booleanField.optional(),
    injectionDetectionParameters: fields(
      {
        Path: names.optional(),
        Query: names.optional(),
        Header: names.optional(),
        Cookie: names.optional(),
      },
      "expected an object { Path, Query, Header, Cookie } of parameter names",
    ).optional(),
    detectParameterXss: booleanField.optional(),
    detectParameterSqli: booleanField.optional(),
    rateLimitingEnabled: booleanField.optional(),
    rateLimitingType: z
      .enum(ApiGuardianRateLimitTypes, {
        error: `expected ${ApiGuardianRateLimitTypes.join(" or ")}`,
      })
      .optional(),
    rateLimitingRequestCount: integerField(1, INT32_MAX).optional(),
    rateLimitingTimeframe: enumField(RateLimitTimeframe).optional(),
  },
  "at least one endpoint setting",
);
/** The changes an endpoint update may carry; at least one. */
export type ApiGuardianEndpointChange = z.input<typeof endpointChangeSchema>;

const uploadSchema = fields({
  content: multilineField(MAX_OPENAPI_SPEC_LENGTH).refine((text) => text.trim() !== "", {
    error: "expected the OpenAPI document's text (JSON or YAML)",
  }),
  enforceAuthorizationValidation: booleanField.optional(),
});
/** An OpenAPI document to upload: `content` (JSON or YAML text) and whether the endpoints enforce its security schemes. */
export type OpenApiSpecificationUpload = z.input<typeof uploadSchema>;

/** `client.apiGuardian`: schema validation of a zone's API from its OpenAPI document. */
export class ApiGuardianApi extends AreaClient {
  /** Reads a zone's API Guardian configuration and endpoints. */
  async get(shieldZoneId: number): Promise<ApiGuardian> {
    return this.requestData({
      operation: "getApiGuardian",
      method: "GET",
      path: guardianPath(shieldZoneId),
      schema: inData(wholeSchema),
    });
  }

  /** Changes the configuration (absolute values: retried where safe); returns it as the service reports it. */
  async update(shieldZoneId: number, change: ApiGuardianChange): Promise<ApiGuardianConfiguration> {
    const path = guardianPath(shieldZoneId);
    const body = check(configurationChangeSchema, change, "change");
    return this.requestData({
      operation: "updateApiGuardian",
      method: "PATCH",
      path,
      body,
      idempotent: true,
      schema: inData(apiGuardianConfigurationSchema),
    });
  }

  /**
   * Uploads the zone's first OpenAPI document (a POST: retried only after a 429, since a repeat
   * could fail as "already uploaded" after the first landed). Returns the configuration and the
   * endpoints the document yields.
   */
  async uploadSpecification(
    shieldZoneId: number,
    upload: OpenApiSpecificationUpload,
  ): Promise<ApiGuardian> {
    return this.sendSpecification("POST", shieldZoneId, upload);
  }

  /** Replaces the zone's OpenAPI document (the same document twice is the same state: retried where safe). */
  async updateSpecification(
    shieldZoneId: number,
    upload: OpenApiSpecificationUpload,
  ): Promise<ApiGuardian> {
    return this.sendSpecification("PATCH", shieldZoneId, upload);
  }

  /** Changes one endpoint's settings (absolute values: retried where safe); returns the endpoint. */
  async updateEndpoint(
    shieldZoneId: number,
    endpointId: number,
    change: ApiGuardianEndpointChange,
  ): Promise<ApiGuardianEndpoint> {
    const path = pathOf(
      "shield",
      "shield-zone",
      checkZoneId(shieldZoneId),
      "api-guardian",
      "endpoint",
      positiveId(endpointId, "endpointId"),
    );
    const body = check(endpointChangeSchema, change, "change");
    return this.requestData({
      operation: "updateApiGuardianEndpoint",
      method: "PATCH",
      path,
      body,
      idempotent: true,
      schema: inData(apiGuardianEndpointSchema),
    });
  }

  private async sendSpecification(
    method: "POST" | "PATCH",
    shieldZoneId: number,
    upload: OpenApiSpecificationUpload,
  ): Promise<ApiGuardian> {
    const path = `${guardianPath(shieldZoneId)}/spec`;
    const body = check(uploadSchema, upload, "upload");
    return this.requestData({
      operation:
        method === "POST" ? "uploadApiGuardianSpecification" : "updateApiGuardianSpecification",
      method,
      path,
      body,
      idempotent: method === "PATCH",
      schema: inData(wholeSchema),
    });
  }

  /** API Guardian's enums (modes and actions) as the service names them. */
  async getEnums(shieldZoneId: number): Promise<EnumMap> {
    const map = await this.request({
      operation: "getApiGuardianEnums",
      method: "GET",
      path: `${guardianPath(shieldZoneId)}/enums`,
      schema: enumMapSchema,
    });
    return map ?? {};
  }
}

function guardianPath(shieldZoneId: number): string {
  return pathOf("shield", "shield-zone", checkZoneId(shieldZoneId), "api-guardian");
}
