/**
 * The seed a fresh emulator starts from: how many zones, event logs and search items, and a
 * zone as the seed creates it, assembled from the features' seeds. Nothing depends on the clock
 * or on Math.random, so every emulator (and every test run) sees the same ids and names.
 */
import type { ShieldPlanType } from "./api-types";
import features from "./features";
import { seedShieldZone } from "./features/shield-zones/seed";
import { seedUploadScanning } from "./features/upload-scanning/seed";
import type { ZoneRecord } from "./records";
import { planForZone, type ZoneSeed } from "./seed-basis";

// The seeds' names as 0.2.0 exported them from this module.
export { FIRST_ZONE_ID, planForZone } from "./seed-basis";
export { MANAGED_LISTS, seedListContent, type ListTemplate } from "./features/access-lists/seed";
export { PULL_ZONE_ID_OFFSET } from "./features/shield-zones/seed";
export { seedSearchItems } from "./features/search/seed";

/** The shield zone's own fields of a seeded zone (state version 2), as 0.2.0 named them. */
export type ShieldZoneFields = Pick<ZoneRecord, "pullZoneId" | "settings" | "uploadScanning">;

/** The seeded pull zone, settings and upload scanning of a zone, as 0.2.0 named them. */
export function seedShieldZoneFields(
  zoneId: number,
  planType: ShieldPlanType = planForZone(zoneId),
): ShieldZoneFields {
  return { ...seedShieldZone(zoneId, planType), uploadScanning: seedUploadScanning(zoneId) };
}

/** Sizes of the seeded data. */
export interface SeedOptions {
  /** Number of Shield zones (ids 1001, 1002, …). Default 3. */
  zones?: number;
  /** Event log entries per zone and day unless overridden. Default 250. */
  eventLogsPerDay?: number;
  /** Number of platform search items. Default 60. */
  searchItems?: number;
}

/** The defaults of {@link SeedOptions}. */
export const DEFAULT_SEED: Readonly<Required<SeedOptions>> = {
  zones: 3,
  eventLogsPerDay: 250,
  searchItems: 60,
};

/**
 * A zone as the seed creates it (4 managed lists, 2 custom lists (1 on Basic), bot detection
 * settings…): its id and plan, then each feature's part (its `seedZone`), in the features' order.
 */
export function seedZone(
  zoneId: number,
  planType: ShieldPlanType = planForZone(zoneId),
): ZoneRecord {
  const zone: Partial<ZoneRecord> = { shieldZoneId: zoneId, planType };
  for (const feature of Object.values(features)) {
    if ("seedZone" in feature)
      Object.assign(zone, (feature.seedZone as ZoneSeed)(zoneId, planType));
  }
  return zone as ZoneRecord;
}
