/** `GET` and `PATCH /shield/shield-zone/{shieldZoneId}/upload-scanning`. */
import { z } from "zod";
import {
  booleanField,
  changeOf,
  check,
  enumField,
  pathOf,
  shieldZoneId as checkZoneId,
} from "../arguments";
import { UploadScanningMode } from "../enums";
import { AreaClient } from "../area-client";
import { enumInt, inData } from "../schemas";

/** `UploadScanningConfigurationState`; every field is compared by a resource, so checked strictly. */
const uploadScanningSchema = z.object({
  shieldZoneId: z.number().int().optional(),
  isEnabled: z.boolean().nullable().optional(),
  csamScanningMode: enumInt.optional(),
  antivirusScanningMode: enumInt.optional(),
});
/** A zone's upload scanning configuration; the modes are {@link UploadScanningMode} values. */
export type UploadScanningConfiguration = z.output<typeof uploadScanningSchema>;

const answerSchema = inData(uploadScanningSchema);

/** The wire schema of a change, which the resource declarations are checked against (test/resources/wire-agreement.test.ts). */
export const changeSchema = changeOf(
  {
    isEnabled: booleanField.optional(),
    csamScanningMode: enumField(UploadScanningMode).optional(),
    antivirusScanningMode: enumField(UploadScanningMode).optional(),
  },
  "isEnabled, csamScanningMode and/or antivirusScanningMode",
);
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
