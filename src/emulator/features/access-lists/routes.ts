/** The access-list routes: the zone's lists and the configuration of each. */
import { zoneInPath, type RouteDefinition } from "../../route";
import { listAccessLists } from "./list";
import { updateAccessListConfiguration } from "./update-configuration";

export const accessListRoutes: readonly RouteDefinition[] = [
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
];
