/** Upload scanning on a zone the seed creates: on, or off, by the zone's variant. */
import { variantOf } from "../../seed-basis";
import type { UploadScanningSettings } from "./state";

/** The upload scanning of a seeded zone. */
export function seedUploadScanning(zoneId: number): UploadScanningSettings {
  const scanning = variantOf(zoneId) % 2 === 0;
  return {
    isEnabled: scanning,
    csamScanningMode: scanning ? 2 : 0,
    antivirusScanningMode: scanning ? 1 : 0,
  };
}
