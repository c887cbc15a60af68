/** The routes of the enum listings of access lists, API Guardian and DDoS. */
import { pathPattern, defineRoutes } from "../../route";
import {
  ACCESS_LIST_ENUMS,
  API_GUARDIAN_ENUMS,
  getAccessListEnums,
  getApiGuardianEnums,
  getDdosEnums,
} from "./enums";

// Enum names and values are data: drift adds nothing to the map or its tables.
const tables = (enums: object) => ["", ...Object.keys(enums)];

export const enumRoutes = defineRoutes([
  {
    name: "getAccessListEnums",
    method: "GET",
    pattern: pathPattern("/shield/shield-zone/(?<shieldZoneId>[^/]+)/access-lists/enums"),
    constraints: {},
    handler: getAccessListEnums,
    envelope: "data",
    maps: tables(ACCESS_LIST_ENUMS),
  },
  {
    name: "getApiGuardianEnums",
    method: "GET",
    pattern: pathPattern("/shield/shield-zone/(?<shieldZoneId>[^/]+)/api-guardian/enums"),
    constraints: {},
    handler: getApiGuardianEnums,
    envelope: "data",
    maps: tables(API_GUARDIAN_ENUMS),
  },
  {
    name: "getDdosEnums",
    method: "GET",
    pattern: pathPattern("/shield/ddos/enums"),
    constraints: {},
    handler: getDdosEnums,
    envelope: "data",
  },
]);
