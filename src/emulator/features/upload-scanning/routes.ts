/** The upload-scanning routes of a zone. */
import { zoneInPath, type RouteDefinition } from "../../route";
import { getUploadScanning } from "./get";
import { updateUploadScanning } from "./update";

const PATTERN = /^\/shield\/shield-zone\/(?<shieldZoneId>[^/]+)\/upload-scanning\/?$/i;

export const uploadScanningRoutes: readonly RouteDefinition[] = [
  {
    name: "getUploadScanning",
    method: "GET",
    pattern: PATTERN,
    constraints: { shieldZoneId: "int32" },
    handler: getUploadScanning,
    envelope: "data",
  },
  {
    name: "updateUploadScanning",
    method: "PATCH",
    pattern: PATTERN,
    constraints: { shieldZoneId: "int32" },
    handler: updateUploadScanning,
    envelope: "data",
    writes: zoneInPath,
  },
];
