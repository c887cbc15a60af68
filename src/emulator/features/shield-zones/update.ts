/**
 * `PATCH /shield/shield-zone`: changes the settings present in `shieldZone` (null where the
 * setting may be null). Answers `UpdateShieldZoneResponse`: the zone id and its settings as
 * they now are. A missing zone is the documented 202 with the failure envelope.
 */
import { badRequest, BodyError, FIELD, readBody, type FieldSpecs } from "../../request-body";
import { dataError, ERRORS, json, successStatus, type ApiResponse } from "../../responses";
import type { RouteContext } from "../../route";
import { applySettings, SETTINGS_FIELDS, shieldZoneEcho } from "./settings";

const BODY: FieldSpecs = {
  shieldZoneId: FIELD.id,
  shieldZone: { expected: "an object", fields: SETTINGS_FIELDS, nullable: true },
};

export function updateShieldZone(context: RouteContext): ApiResponse {
  const { state } = context;
  const body = readBody(context, BODY, ["shieldZoneId"]);
  if (body instanceof BodyError) return badRequest(body);
  const shieldZoneId = body.shieldZoneId as number;
  const zone = state.zone(shieldZoneId);
  if (!zone) return dataError(202, ERRORS.zoneNotFound);

  const changed = applySettings(zone, (body.shieldZone ?? {}) as Record<string, unknown>);
  return json(
    200,
    { data: { shieldZone: shieldZoneEcho(zone), shieldZoneId }, error: successStatus() },
    changed,
  );
}
