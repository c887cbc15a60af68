/** Bot detection on a zone the seed creates: the signals vary with the zone's variant and plan. */
import type { ShieldPlanType } from "../../api-types";
import { ShieldPlan } from "../../api-types";
import { variantOf } from "../../seed-basis";
import type { BotDetectionSettings } from "./state";

/** The bot detection settings of a seeded zone. */
export function seedBotDetection(zoneId: number, planType: ShieldPlanType): BotDetectionSettings {
  const i = variantOf(zoneId);
  return {
    executionMode: i % 2 === 0 ? 1 : 0,
    requestIntegrity: { sensitivity: ([2, 3, 1] as const)[i % 3] },
    ipAddress: { sensitivity: ([3, 2, 1] as const)[i % 3] },
    browserFingerprint: {
      sensitivity: ([2, 1, 0] as const)[i % 3],
      aggression: ([2, 3, 1] as const)[i % 3],
      // Basic zones have never set it, so the service reports null (the field is nullable).
      complexEnabled: planType === ShieldPlan.Basic ? null : i % 2 === 0,
    },
  };
}
