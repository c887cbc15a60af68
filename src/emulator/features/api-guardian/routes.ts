/** The API Guardian routes of a zone: configuration, OpenAPI document, endpoints. */
import { zoneInPath, defineRoutes } from "../../route";
import { getApiGuardian, updateApiGuardian } from "./configuration";
import { updateApiGuardianEndpoint } from "./endpoint";
import { updateSpecification, uploadSpecification } from "./specification";

const BASE = String.raw`^\/shield\/shield-zone\/(?<shieldZoneId>[^/]+)\/api-guardian`;
const CONFIGURATION = new RegExp(`${BASE}\\/?$`, "i");
const SPECIFICATION = new RegExp(`${BASE}\\/spec\\/?$`, "i");
const ENDPOINT = new RegExp(`${BASE}\\/endpoint\\/(?<endpointId>[^/]+)\\/?$`, "i");

// Display-only fields no client reads; drift sends them with other JSON types.
const CONFIGURATION_UNREAD = ["createdAt", "updatedAt", "maxFieldsPerType", "maxNestingDepth"];
const ENDPOINT_UNREAD = ["createdAt", "updatedAt", "requestBodySchemaYaml", "authSchemes"];
const inConfiguration = (prefix: string) => [
  ...CONFIGURATION_UNREAD.map((f) => `${prefix}configuration.${f}`),
  ...ENDPOINT_UNREAD.map((f) => `${prefix}endpoints.*.${f}`),
];
const WHOLE = {
  envelope: "data",
  unreadFields: inConfiguration("data."),
  maps: ["data.endpoints.*.responseBodySchemasYaml"],
} as const;

export const apiGuardianRoutes = defineRoutes([
  {
    name: "getApiGuardian",
    method: "GET",
    pattern: CONFIGURATION,
    constraints: { shieldZoneId: "int32" },
    handler: getApiGuardian,
    ...WHOLE,
  },
  {
    name: "updateApiGuardian",
    method: "PATCH",
    pattern: CONFIGURATION,
    constraints: { shieldZoneId: "int32" },
    handler: updateApiGuardian,
    envelope: "data",
    writes: zoneInPath,
    unreadFields: CONFIGURATION_UNREAD.map((f) => `data.${f}`),
  },
  {
    name: "uploadApiGuardianSpecification",
    method: "POST",
    pattern: SPECIFICATION,
    constraints: { shieldZoneId: "int32" },
    handler: uploadSpecification,
    writes: zoneInPath,
    ...WHOLE,
  },
  {
    name: "updateApiGuardianSpecification",
    method: "PATCH",
    pattern: SPECIFICATION,
    constraints: { shieldZoneId: "int32" },
    handler: updateSpecification,
    writes: zoneInPath,
    ...WHOLE,
  },
  {
    name: "updateApiGuardianEndpoint",
    method: "PATCH",
    pattern: ENDPOINT,
    constraints: { shieldZoneId: "int32", endpointId: "int64" },
    handler: updateApiGuardianEndpoint,
    envelope: "data",
    writes: zoneInPath,
    unreadFields: ENDPOINT_UNREAD.map((f) => `data.${f}`),
    maps: ["data.responseBodySchemasYaml"],
  },
]);
