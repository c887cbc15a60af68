/** The bot categorization routes of a zone: the list, and an action per category or bot. */
import { zoneInPath, defineRoutes } from "../../route";
import { listBotCategorization } from "./list";
import { setBotAction, setBotCategoryAction } from "./update";

const BASE = String.raw`^\/shield\/shield-zone\/(?<shieldZoneId>[^/]+)\/bot-categorization`;

export const botCategorizationRoutes = defineRoutes([
  {
    name: "listBotCategorization",
    method: "GET",
    pattern: new RegExp(`${BASE}\\/?$`, "i"),
    constraints: { shieldZoneId: "int32" },
    handler: listBotCategorization,
    envelope: "categories",
  },
  {
    name: "setBotCategoryAction",
    method: "PUT",
    // The category is an enum: not a route constraint, so a bad one is a 400, not a 404.
    pattern: new RegExp(`${BASE}\\/categories\\/(?<category>[^/]+)\\/?$`, "i"),
    constraints: { shieldZoneId: "int32" },
    handler: setBotCategoryAction,
    envelope: "data",
    writes: zoneInPath,
  },
  {
    name: "setBotAction",
    method: "PUT",
    pattern: new RegExp(`${BASE}\\/bots\\/(?<botId>[^/]+)\\/?$`, "i"),
    constraints: { shieldZoneId: "int32", botId: "int32" },
    handler: setBotAction,
    envelope: "data",
    writes: zoneInPath,
  },
]);
