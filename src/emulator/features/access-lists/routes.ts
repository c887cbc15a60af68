/** The access-list routes: the zone's lists, the configuration of each, and custom lists. */
import { zoneInPath, defineRoutes, type RouteDefinition } from "../../route";
import {
  createCustomAccessList,
  deleteCustomAccessList,
  getCustomAccessList,
  updateCustomAccessList,
} from "./custom";
import { listAccessLists } from "./list";
import { updateAccessListConfiguration } from "./update-configuration";

const CUSTOM_LIST_ROUTES = {
  GET: { name: "getCustomAccessList", handler: getCustomAccessList },
  PATCH: { name: "updateCustomAccessList", handler: updateCustomAccessList },
  DELETE: { name: "deleteCustomAccessList", handler: deleteCustomAccessList },
} as const;
type CustomListRouteName = (typeof CUSTOM_LIST_ROUTES)[keyof typeof CUSTOM_LIST_ROUTES]["name"];

export const accessListRoutes = defineRoutes([
  {
    name: "listAccessLists",
    method: "GET",
    pattern: /^\/shield\/shield-zone\/(?<shieldZoneId>[^/]+)\/access-lists\/?$/i,
    constraints: { shieldZoneId: "int32" },
    handler: listAccessLists,
    envelope: "accessLists",
    unreadFields: [
      "managedLists.*.updateFrequency",
      "managedLists.*.lastUpdated",
      "customLists.*.updateFrequency",
      "customLists.*.lastUpdated",
    ],
  },
  {
    name: "updateAccessListConfiguration",
    method: "PATCH",
    pattern:
      /^\/shield\/shield-zone\/(?<shieldZoneId>[^/]+)\/access-lists\/configurations\/(?<id>[^/]+)\/?$/i,
    constraints: { shieldZoneId: "int32", id: "int64" },
    handler: updateAccessListConfiguration,
    envelope: "data",
    writes: zoneInPath,
  },
  {
    name: "createCustomAccessList",
    method: "POST",
    pattern: /^\/shield\/shield-zone\/(?<shieldZoneId>[^/]+)\/access-lists\/?$/i,
    constraints: { shieldZoneId: "int32" },
    handler: createCustomAccessList,
    envelope: "data",
    writes: zoneInPath,
  },
  ...(["GET", "PATCH", "DELETE"] as const).map((method): RouteDefinition<CustomListRouteName> => ({
    name: CUSTOM_LIST_ROUTES[method].name,
    method,
    pattern: /^\/shield\/shield-zone\/(?<shieldZoneId>[^/]+)\/access-lists\/(?<id>[^/]+)\/?$/i,
    constraints: { shieldZoneId: "int32", id: "int64" },
    handler: CUSTOM_LIST_ROUTES[method].handler,
    envelope: method === "DELETE" ? "status" : "data",
    writes: method === "GET" ? undefined : zoneInPath,
    unreadFields: method === "DELETE" ? undefined : ["data.lastModified", "data.checksum"],
  })),
]);
