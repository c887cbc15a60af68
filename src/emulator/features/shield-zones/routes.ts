/** The shield zone routes: one zone (by id or pull zone), the list, create and update. */
import { zoneInBody, type RouteDefinition } from "../../route";
import { createShieldZone } from "./create";
import { getShieldZone, getShieldZoneByPullZone } from "./get";
import { listShieldZones } from "./list";
import { unreadSettingsAt } from "./settings";
import { updateShieldZone } from "./update";

export const shieldZoneRoutes: readonly RouteDefinition[] = [
  {
    name: "getShieldZone",
    method: "GET",
    pattern: /^\/shield\/shield-zone\/(?<shieldZoneId>[^/]+)\/?$/i,
    constraints: { shieldZoneId: "int32" },
    handler: getShieldZone,
    envelope: "data",
    unreadFields: unreadSettingsAt("data"),
  },
  {
    name: "getShieldZoneByPullZone",
    method: "GET",
    pattern: /^\/shield\/shield-zone\/get-by-pullzone\/(?<pullZoneId>[^/]+)\/?$/i,
    constraints: { pullZoneId: "int32" },
    handler: getShieldZoneByPullZone,
    envelope: "data",
    unreadFields: unreadSettingsAt("data"),
  },
  {
    name: "listShieldZones",
    method: "GET",
    pattern: /^\/shield\/shield-zones\/?$/i,
    constraints: {},
    handler: listShieldZones,
    envelope: "data",
    // The client reads only page.nextPage of the paging figures.
    unreadFields: [
      ...unreadSettingsAt("data.*"),
      "page.totalCount",
      "page.totalPages",
      "page.currentPage",
      "page.pageSize",
    ],
  },
  {
    name: "createShieldZone",
    method: "POST",
    pattern: /^\/shield\/shield-zone\/?$/i,
    constraints: {},
    handler: createShieldZone,
    envelope: "data",
    unreadFields: [
      ...unreadSettingsAt("data.shieldZone"),
      "data.accessLists",
      "data.botDetectionExecutionMode",
      "data.csamScanningMode",
      "data.antivirusScanningMode",
    ],
  },
  {
    name: "updateShieldZone",
    method: "PATCH",
    pattern: /^\/shield\/shield-zone\/?$/i,
    constraints: {},
    handler: updateShieldZone,
    envelope: "data",
    writes: zoneInBody,
    unreadFields: unreadSettingsAt("data.shieldZone"),
  },
];
