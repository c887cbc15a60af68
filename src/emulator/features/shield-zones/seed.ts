/** The shield zone's own fields of a seeded zone: its pull zone and settings. */
import type { ShieldPlanType } from "../../api-types";
import { ShieldPlan } from "../../api-types";
import type { ZoneRecord } from "../../records";
import { planForZone, SEED_EPOCH_MS, variantOf } from "../../seed-basis";
import type { ShieldZoneSettings } from "./state";

/** The pull zone of a seeded shield zone is its id plus this, so both id spaces look apart. */
export const PULL_ZONE_ID_OFFSET = 500_000;

/** The seeded pull zone and settings of a zone. */
export function seedShieldZone(
  zoneId: number,
  planType: ShieldPlanType = planForZone(zoneId),
): Pick<ZoneRecord, "pullZoneId" | "settings"> {
  const i = variantOf(zoneId);
  const basic = planType === ShieldPlan.Basic;
  const settings: ShieldZoneSettings = {
    learningMode: i === 1,
    learningModeUntil: i === 1 ? new Date(SEED_EPOCH_MS + 30 * 86_400_000).toISOString() : null,
    wafEnabled: true,
    wafExecutionMode: i % 2 === 0 ? 1 : 0,
    wafDisabledRules: i % 3 === 0 ? ["942100"] : [],
    wafLogOnlyRules: i % 3 === 1 ? ["920350"] : [],
    wafCustomRuleOrder: [],
    wafRequestHeaderLoggingEnabled: true,
    requestBodyLoggingEnabled: false,
    wafRequestIgnoredHeaders: i % 2 === 0 ? ["Cookie", "Authorization"] : [],
    // Like complexEnabled: settings a Basic zone has never had are null.
    wafRealtimeThreatIntelligenceEnabled: basic ? null : i % 2 === 0,
    wafProfileId: 1 + (i % 3),
    wafEngineConfig: [{ name: "detection_paranoia_level", valueEncoded: String(1 + (i % 2)) }],
    wafRequestBodyLimitAction: ([0, 1, 2] as const)[i % 3],
    wafResponseBodyLimitAction: ([1, 2, 0] as const)[i % 3],
    dDoSShieldSensitivity: ([2, 3, 1] as const)[i % 3],
    dDoSExecutionMode: i % 3 === 2 ? 0 : 1,
    dDoSChallengeWindow: 3600,
    whitelabelResponsePages: basic ? null : false,
  };
  return { pullZoneId: zoneId + PULL_ZONE_ID_OFFSET, settings };
}
