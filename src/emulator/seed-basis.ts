/**
 * What every feature's seed builds on: the zone ids, the plan pattern, a fixed epoch and a zone's
 * variant. Nothing here depends on the clock or on Math.random, so every emulator (and every test
 * run) sees the same ids and names.
 */
import type { ShieldPlanType } from "./api-types";
import { ShieldPlan } from "./api-types";
import type { ZoneRecord } from "./records";

/**
 * A feature's part of a zone the seed creates (`seedZone` in its `index.ts`): the fields it
 * keeps on the zone, as a fresh zone of `zoneId` on `planType` has them.
 */
export type ZoneSeed = (zoneId: number, planType: ShieldPlanType) => Partial<ZoneRecord>;

/** The id of the first seeded zone; later zones count up from it. */
export const FIRST_ZONE_ID = 1001;

/** Plan of a seeded zone: every third zone (1003, 1006, …) is Basic, the others Advanced. */
export function planForZone(zoneId: number): ShieldPlanType {
  return (zoneId - FIRST_ZONE_ID) % 3 === 2 ? ShieldPlan.Basic : ShieldPlan.Advanced;
}

/** A fixed base so that seeded timestamps never depend on the clock. */
export const SEED_EPOCH_MS = Date.UTC(2025, 5, 1);

/** Which of six variants a seeded zone is: the features vary their seeds by it. */
export const variantOf = (zoneId: number): number => (zoneId - FIRST_ZONE_ID) % 6;
