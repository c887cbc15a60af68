/** The bot-detection routes of a zone. */
import { zoneInPath, defineRoutes } from "../../route";
import { getBotDetection } from "./get";
import { updateBotDetection } from "./update";

const PATTERN = /^\/shield\/shield-zone\/(?<shieldZoneId>[^/]+)\/bot-detection\/?$/i;

export const botDetectionRoutes = defineRoutes([
  {
    name: "getBotDetection",
    method: "GET",
    pattern: PATTERN,
    constraints: { shieldZoneId: "int32" },
    handler: getBotDetection,
    envelope: "data",
  },
  {
    name: "updateBotDetection",
    method: "PATCH",
    pattern: PATTERN,
    constraints: { shieldZoneId: "int32" },
    handler: updateBotDetection,
    envelope: "data",
    writes: zoneInPath,
  },
]);
