/**
 * `GET /shield/shield-zone/{shieldZoneId}/bot-detection`: a zone's bot detection settings. A
 * Basic zone's answer is HTTP 202 with `invalid_plan_type.bot_detection` and no data, as the
 * live service sends (bunny.net's Terraform provider substitutes defaults for it).
 */
import { dataError, ERRORS, json, successStatus, type ApiResponse } from "../../responses";
import type { RouteContext } from "../../route";
import type { ZoneRecord } from "../../state";
import { hasBotDetection } from "./limits";
import type { BotDetectionSettings } from "./state";

export function getBotDetection({ state, params }: RouteContext): ApiResponse {
  const zone = state.zone(Number(params.shieldZoneId));
  // Unlike the access-list routes, this one answers a missing zone with a real 404.
  if (!zone) return dataError(404, ERRORS.zoneNotFound);
  // The settings stay in the state: a zone upgraded again shows them as they were.
  if (!hasBotDetection(zone.planType)) return dataError(202, ERRORS.botDetectionPlanTooLow);
  return json(200, { data: botDetectionState(zone), error: successStatus() });
}

/** `BotDetectionConfigurationState` of a zone (a copy). */
export function botDetectionState(
  zone: ZoneRecord,
): BotDetectionSettings & { shieldZoneId: number } {
  return { shieldZoneId: zone.shieldZoneId, ...structuredClone(zone.botDetection) };
}
