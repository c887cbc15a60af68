/** `GET` and `PATCH /shield/shield-zone/{shieldZoneId}/upload-scanning`. */
import { z } from "zod";
import { check, pathOf, shieldZoneId as checkZoneId } from "../../arguments";
import { UploadScanningMode } from "../../enums";
import { AreaClient } from "../../area-client";
import { inData } from "../../schemas";
import { booleanSetting, enumSetting, settingsSchemas } from "../../settings";

/** `UploadScanningConfigurationState` and what an update may change, each field once. */
const settings = settingsSchemas(
  {
    isEnabled: booleanSetting,
    csamScanningMode: enumSetting(UploadScanningMode),
    antivirusScanningMode: enumSetting(UploadScanningMode),
  },
  "isEnabled, csamScanningMode and/or antivirusScanningMode",
);
/** Every field is compared by a resource, so checked strictly. */
const uploadScanningSchema = settings.answer.extend({
  shieldZoneId: z.number().int().optional(),
});
/** A zone's upload scanning configuration; the modes are {@link UploadScanningMode} values. */
export type UploadScanningConfiguration = z.output<typeof uploadScanningSchema>;

const answerSchema = inData(uploadScanningSchema);

/** The wire schema of a change, which the resource declarations are checked against (test/resources/wire-agreement.test.ts). */
export const changeSchema = settings.change;
/** The changes an upload scanning update may carry; at least one. */
export type UploadScanningChange = z.input<typeof changeSchema>;

/** `client.uploadScanning`: a zone's scanning of uploaded files (CSAM and antivirus). */
export class UploadScanningApi extends AreaClient {
  /** Reads a zone's upload scanning configuration. */
  async get(shieldZoneId: number): Promise<UploadScanningConfiguration> {
    return this.requestData({
      operation: "getUploadScanning",
      method: "GET",
      path: pathOf("shield", "shield-zone", checkZoneId(shieldZoneId), "upload-scanning"),
      schema: answerSchema,
    });
  }

  /** Changes a zone's upload scanning and returns the state the service reports (absolute values: retried where safe). */
  async update(
    shieldZoneId: number,
    change: UploadScanningChange,
  ): Promise<UploadScanningConfiguration> {
    const zone = checkZoneId(shieldZoneId);
    const body = check(changeSchema, change, "change");
    return this.requestData({
      operation: "updateUploadScanning",
      method: "PATCH",
      path: pathOf("shield", "shield-zone", zone, "upload-scanning"),
      body: { shieldZoneId: zone, ...body },
      idempotent: true,
      schema: answerSchema,
    });
  }
}
