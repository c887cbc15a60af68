/** `generate`'s part for `UploadScanning`: the zone's upload scanning. */
import { existingKind, pickMembers, serviceDefaults, stated } from "../../generate/existing";
import { declaration } from "./declaration";
import { inputSchema } from "./spec";

/**
 * The settings, compared with the service's defaults: its modes as the service states them,
 * and off, since it is off until switched on (creating a zone under attack is what switches it
 * on: docs/resources/shield-zone.md).
 */
export const existing = existingKind({
  declaration,
  inputs: inputSchema,
  read: ({ client, zoneId, step, progress }) =>
    step("its upload scanning", () => client.uploadScanning.get(zoneId)).then((read) => {
      progress("upload scanning");
      return read;
    }),
  describe: (context, read) => [
    {
      name: context.names.take("upload scanning", "", "upload-scanning"),
      raw: { ...pickMembers(read, inputSchema.fields), shieldZoneId: context.zone },
      defaults: serviceDefaults(inputSchema, {
        isEnabled: false,
        ...stated({
          csamScanningMode: context.defaults.csamScanningMode,
          antivirusScanningMode: context.defaults.antivirusScanningMode,
        }),
      }),
    },
  ],
});
