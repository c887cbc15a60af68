/** `GET /shield/event-logs/{shieldZoneId}/{date}[/{continuationToken}]`: one page of a day. */
import type { WafLoggingResponse } from "../../api-types";
import { isRetained, parseDay } from "../../dates";
import { decodeToken, encodeToken, eventLogEntry } from "./generate";
import {
  ERRORS,
  errorStatus,
  eventLogError,
  json,
  successStatus,
  type ApiResponse,
} from "../../responses";
import type { RouteContext } from "../../route";

export function getEventLogs({ state, params, now, eventLogPageSize }: RouteContext): ApiResponse {
  const zoneId = Number(params.shieldZoneId);
  if (!state.zone(zoneId)) {
    return json(202, eventLogError(errorStatus(202, ERRORS.zoneNotFound)));
  }
  // The service answers window errors with HTTP 200 and the failure in errorResponse.
  const day = parseDay(params.date ?? "");
  if (!day || !isRetained(day, now)) {
    return json(200, eventLogError(errorStatus(400, ERRORS.dateOutsideWindow)));
  }

  let offset = 0;
  const token = params.continuationToken ?? "";
  if (token !== "") {
    const cursor = decodeToken(token);
    if (!cursor || cursor.zoneId !== zoneId || cursor.date !== day.key) {
      return json(200, eventLogError(errorStatus(400, ERRORS.badContinuationToken)));
    }
    offset = cursor.offset;
  }

  const volume = state.eventLogVolume(zoneId, day.key);
  const end = Math.min(volume, offset + eventLogPageSize);
  const logs = [];
  for (let i = offset; i < end; i++) logs.push(eventLogEntry(zoneId, day, i, volume));
  const hasMoreData = end < volume;
  const page: WafLoggingResponse = {
    logs,
    hasMoreData,
    // The real service sends "" rather than null for "no more pages".
    continuationToken: hasMoreData ? encodeToken({ zoneId, date: day.key, offset: end }) : "",
    startToken: encodeToken({ zoneId, date: day.key, offset }),
    errorResponse: successStatus(),
  };
  return json(200, page);
}
