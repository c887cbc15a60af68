/**
 * What the service recommends and maps, account-wide: `GET /shield/shield-zone/defaults` (the
 * settings a new zone should start with), `GET /shield/shield-zones/pullzone-mapping` (every
 * shield zone's pull zone), and `POST /shield/shield-zone/under-attack` (a new shield zone with
 * every protection at its most defensive, for a pull zone under attack now).
 */
import { ShieldPlan } from "../../api-types";
import { badRequest, BodyError, FIELD, readBody } from "../../request-body";
import { dataError, ERRORS, json, successStatus, type ApiResponse } from "../../responses";
import type { RouteContext } from "../../route";
import { MANAGED_LISTS } from "../access-lists/seed";
import { shieldZoneEcho } from "./settings";

/** `ShieldZoneRequest` with the recommended values. */
const RECOMMENDED_ZONE = {
  shieldZoneId: 0,
  premiumPlan: false,
  planType: ShieldPlan.Basic,
  learningMode: true,
  learningModeUntil: null,
  wafEnabled: true,
  wafExecutionMode: 1,
  wafDisabledRules: [],
  wafLogOnlyRules: [],
  wafCustomRuleOrder: [],
  wafRequestHeaderLoggingEnabled: true,
  requestBodyLoggingEnabled: false,
  wafRequestIgnoredHeaders: ["Authorization", "Cookie"],
  wafRealtimeThreatIntelligenceEnabled: true,
  wafProfileId: 1,
  wafEngineConfig: [],
  wafRequestBodyLimitAction: 0,
  wafResponseBodyLimitAction: 1,
  dDoSShieldSensitivity: 2,
  dDoSChallengeWindow: 3600,
  whitelabelResponsePages: false,
};

export function getShieldZoneDefaults(): ApiResponse {
  const data = {
    shieldZone: RECOMMENDED_ZONE,
    botDetectionExecutionMode: 1,
    csamScanningMode: 2,
    antivirusScanningMode: 2,
    accessLists: MANAGED_LISTS.map((list) => ({
      listId: list.n,
      name: list.name,
      description: list.description,
      requiredPlan: list.requiredPlan,
      action: list.action,
    })),
  };
  return json(200, { data, error: successStatus() });
}

export function listPullZoneMapping({ state }: RouteContext): ApiResponse {
  const data = state.zones().map((zone) => ({
    shieldZoneId: zone.shieldZoneId,
    pullZoneId: zone.pullZoneId,
  }));
  return json(200, { data });
}

export function createUnderAttackShieldZone(context: RouteContext): ApiResponse {
  const { state } = context;
  const body = readBody(context, { pullZoneId: FIELD.id, planType: FIELD.enumValue }, [
    "pullZoneId",
    "planType",
  ]);
  if (body instanceof BodyError) return badRequest(body);
  const pullZoneId = body.pullZoneId as number;
  if (state.zoneByPullZone(pullZoneId)) return dataError(409, ERRORS.shieldZoneExists);
  const zone = state.addZone({ pullZoneId, planType: body.planType as number });
  Object.assign(zone.settings, {
    learningMode: false,
    learningModeUntil: null,
    wafEnabled: true,
    wafExecutionMode: 1,
    dDoSShieldSensitivity: 4,
    dDoSExecutionMode: 1,
  });
  zone.botDetection.executionMode = 1;
  zone.uploadScanning = { isEnabled: true, csamScanningMode: 2, antivirusScanningMode: 2 };
  const data = {
    shieldZone: shieldZoneEcho(zone),
    pullZoneId,
    accessLists: null,
    botDetectionExecutionMode: zone.botDetection.executionMode,
    csamScanningMode: zone.uploadScanning.csamScanningMode,
    antivirusScanningMode: zone.uploadScanning.antivirusScanningMode,
  };
  return json(200, { data, error: successStatus() }, true);
}
