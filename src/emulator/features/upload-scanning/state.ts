/**
 * What upload scanning keeps on a zone, declared once: the state file's check, the type
 * (`z.infer`) and the PATCH body's fields (update.ts) all come from {@link uploadScanningCheck}.
 */
import { z } from "zod";
import { boolean, enumValue } from "../../snapshot-values";

/** UploadScanningScannerMode: 0 Disabled, 1 Log, 2 Block. */
export type UploadScanningScannerMode = number;

/** `UploadScanningConfigurationState` without the zone id, as a zone keeps it. */
export const uploadScanningCheck = z.strictObject({
  isEnabled: boolean,
  /** {@link UploadScanningScannerMode}. */
  csamScanningMode: enumValue,
  /** {@link UploadScanningScannerMode}. */
  antivirusScanningMode: enumValue,
});

/** `UploadScanningConfigurationState` without the zone id. */
export type UploadScanningSettings = z.infer<typeof uploadScanningCheck>;

declare module "../../records" {
  interface ZoneRecord {
    /** Upload scanning (state version 2; a version-1 zone takes the seed's). */
    uploadScanning: UploadScanningSettings;
  }
}

/** The zone's fields as a state file holds them (every version-2 zone has them). */
export const zoneFields = { uploadScanning: uploadScanningCheck };
