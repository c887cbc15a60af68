/**
 * The shield zone routes: one zone (by id or pull zone), the list, create (also under attack)
 * and update, the recommended defaults and the pull zone mapping.
 */
import { zoneInBody, defineRoutes } from "../../route";
import { createShieldZone } from "./create";
import {
  createUnderAttackShieldZone,
  getShieldZoneDefaults,
  listPullZoneMapping,
} from "./defaults";
import { getShieldZone, getShieldZoneByPullZone } from "./get";
import { listShieldZones } from "./list";
import { unreadSettingsAt } from "./settings";
import { updateShieldZone } from "./update";

const CREATED_UNREAD = [
  ...unreadSettingsAt("data.shieldZone"),
  "data.accessLists",
  "data.botDetectionExecutionMode",
  "data.csamScanningMode",
  "data.antivirusScanningMode",
];

export const shieldZoneRoutes = defineRoutes([
  {
    name: "getShieldZoneDefaults",
    method: "GET",
    pattern: /^\/shield\/shield-zone\/defaults\/?$/i,
    constraints: {},
    handler: getShieldZoneDefaults,
    envelope: "data",
    unreadFields: ["data.shieldZone.premiumPlan", "data.shieldZone.wafEngineConfig"],
  },
  {
    name: "listPullZoneMapping",
    method: "GET",
    pattern: /^\/shield\/shield-zones\/pullzone-mapping\/?$/i,
    constraints: {},
    handler: listPullZoneMapping,
    envelope: "data",
  },
  {
    name: "createUnderAttackShieldZone",
    method: "POST",
    pattern: /^\/shield\/shield-zone\/under-attack\/?$/i,
    constraints: {},
    handler: createUnderAttackShieldZone,
    envelope: "data",
    unreadFields: CREATED_UNREAD,
  },
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
    // The client reads only page.nextPage and page.totalPages of the paging figures.
    unreadFields: [
      ...unreadSettingsAt("data.*"),
      "page.totalCount",
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
    unreadFields: CREATED_UNREAD,
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
]);
