/** The bot-detection routes of a zone. */
import type { RouteDefinition } from "../../route";
import { getBotDetection } from "./get";

export const botDetectionRoutes: readonly RouteDefinition[] = [
  {
    name: "getBotDetection",
    method: "GET",
    pattern: /^\/shield\/shield-zone\/(?<shieldZoneId>[^/]+)\/bot-detection\/?$/i,
    constraints: { shieldZoneId: "int32" },
    handler: getBotDetection,
    envelope: "data",
  },
];
