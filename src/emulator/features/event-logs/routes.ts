/**
 * The event-log routes: a zone's log entries of one day, page by page, their search, and
 * their export as CSV.
 */
import { defineRoutes } from "../../route";
import { getEventLogs } from "./get";
import { exportEventLogs, searchEventLogs } from "./search";

export const eventLogRoutes = defineRoutes([
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
  {
    name: "searchEventLogs",
    method: "POST",
    pattern: /^\/shield\/event-logs\/(?<shieldZoneId>[^/]+)\/search\/?$/i,
    constraints: { shieldZoneId: "int32" },
    handler: searchEventLogs,
    envelope: "rule",
    // The client counts pages itself.
    unreadFields: ["page"],
    maps: ["rows.*.fields", "groups.*.key", "groups.*.context"],
  },
  {
    name: "exportEventLogs",
    method: "POST",
    pattern: /^\/shield\/event-logs\/(?<shieldZoneId>[^/]+)\/export\/?$/i,
    constraints: { shieldZoneId: "int32" },
    handler: exportEventLogs,
    envelope: "rule",
  },
]);
