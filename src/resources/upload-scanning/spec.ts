/** `UploadScanning` on the kit: adopted settings of a zone's scanning of uploaded files. */
import { inputSchemaOf } from "../kit/check";
import { declaration } from "./declaration";
import type { UploadScanningConfiguration } from "../../client";
import { adoptedLifecycle } from "../kit/adopted";
import { flatZoneSettingsSpec } from "../kit/zone-settings";

/** The schemas of its inputs, from the declaration. */
export const inputSchema = inputSchemaOf(declaration);

/** The lifecycle `dispatch` runs for this kind. */
export const lifecycle = adoptedLifecycle<UploadScanningConfiguration>({
  declaration,
  inputs: inputSchema,
  ...flatZoneSettingsSpec(
    declaration,
    ["isEnabled", "csamScanningMode", "antivirusScanningMode"],
    (client) => client.uploadScanning,
  ),
});
