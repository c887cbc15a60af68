/** The upload-scanning routes of a zone. */
import { zoneInPath, defineRoutes } from "../../route";
import { getUploadScanning } from "./get";
import { updateUploadScanning } from "./update";

const PATTERN = /^\/shield\/shield-zone\/(?<shieldZoneId>[^/]+)\/upload-scanning\/?$/i;

export const uploadScanningRoutes = defineRoutes([
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
]);
