/** `UploadScanning` on the kit: adopted settings of a zone's scanning of uploaded files. */
import { inputSchemaOf } from "../kit/check";
import { declaration } from "./declaration";
import { UploadScanningMode, enumName } from "../../client/enums";
import type { UploadScanningConfiguration } from "../../client";
import { adoptedLifecycle } from "../kit/adopted";
import { enumNumber } from "../kit/fields";
import { zoneSettingsSpec } from "../kit/zone-settings";

/** The schemas of its inputs, from the declaration. */
export const inputSchema = inputSchemaOf(declaration);

const MODES = ["csamScanningMode", "antivirusScanningMode"] as const;

/** The lifecycle `dispatch` runs for this kind. */
export const lifecycle = adoptedLifecycle<UploadScanningConfiguration>({
  declaration,
  inputs: inputSchema,
  ...zoneSettingsSpec(declaration),
  managedFields: ["isEnabled", ...MODES],
  read: (client, keys) => client.uploadScanning.get(Number(keys.shieldZoneId)),
  settings: (live) => ({
    isEnabled: live.isEnabled ?? null,
    csamScanningMode:
      live.csamScanningMode === undefined
        ? null
        : enumName(UploadScanningMode, live.csamScanningMode),
    antivirusScanningMode:
      live.antivirusScanningMode === undefined
        ? null
        : enumName(UploadScanningMode, live.antivirusScanningMode),
  }),
  async write(client, outputs, change) {
    const body: Record<string, unknown> = {};
    if (change.isEnabled !== undefined) body.isEnabled = change.isEnabled;
    for (const mode of MODES) {
      if (change[mode] !== undefined) body[mode] = enumNumber(UploadScanningMode, change[mode]);
    }
    await client.uploadScanning.update(Number(outputs.shieldZoneId), body);
  },
});
