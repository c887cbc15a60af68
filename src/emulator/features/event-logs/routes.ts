/** The event-log route: a zone's log entries of one day, page by page. */
import type { RouteDefinition } from "../../route";
import { getEventLogs } from "./get";

export const eventLogRoutes: readonly RouteDefinition[] = [
  {
    name: "getEventLogs",
    method: "GET",
    // The token segment is optional: the first page is asked for without one (or with "").
    pattern:
      /^\/shield\/event-logs\/(?<shieldZoneId>[^/]+)\/(?<date>[^/]+)(?:\/(?<continuationToken>[^/]*))?\/?$/i,
    constraints: { shieldZoneId: "int32" },
    handler: getEventLogs,
    envelope: "eventLogs",
    unreadFields: ["startToken"],
  },
];
