/** `UploadScanning` declared once: resource.ts is generated from it (`npm run generate`). */
import {
  declareKind,
  onDeleteOutput,
  settingsPriorsOutput,
  restoreOrKeepInput,
  settingOutput,
  zoneKeyInput,
  zoneOutput,
  type InputDeclaration,
} from "../kit/declaration";
import { UploadScanningMode } from "../../client/enums";
import { booleanInput, enumInput } from "../kit/fields";

/** How a scanner treats what it finds. */
const mode = enumInput(UploadScanningMode, "UploadScanningMode");

/** The settings it manages, each once: its outputs report them. */
const settings = {
  isEnabled: {
    schema: booleanInput,
    doc: "Whether uploads are scanned at all.",
    docs: {
      default: "left as the service has it",
      text: "Whether uploads are scanned at all.",
    },
  },
  csamScanningMode: {
    schema: mode,
    doc: "What CSAM scanning does: `Disabled`, `Log` or `Block` (or 0, 1, 2).",
    docs: {
      default: "left as the service has it",
      text: "What CSAM scanning does with a match.",
    },
  },
  antivirusScanningMode: {
    schema: mode,
    doc: "What antivirus scanning does: `Disabled`, `Log` or `Block` (or 0, 1, 2).",
    docs: {
      default: "left as the service has it",
      text: "What antivirus scanning does with a match.",
    },
  },
} as const satisfies Record<string, InputDeclaration>;

export const declaration = declareKind({
  kind: "UploadScanning",
  summary: "`UploadScanning`: a zone's scanning of uploaded files for CSAM and malware.",
  doc: `The upload scanning settings of a shield zone. They exist with the zone, so declaring them
adopts them: the values before Pulumi's first write are kept in \`priors\` and put back on delete.

@example
\`\`\`ts
new UploadScanning("uploads", {
  shieldZoneId: zone.shieldZoneId,
  isEnabled: true,
  antivirusScanningMode: "Block",
  csamScanningMode: "Block",
});
\`\`\``,
  argsDoc:
    "Arguments of {@link UploadScanning}. Each setting is left as the service has it when omitted.",
  inputs: {
    shieldZoneId: zoneKeyInput,
    ...settings,
    onDelete: restoreOrKeepInput("the settings"),
  },
  outputs: {
    shieldZoneId: zoneOutput,
    isEnabled: settingOutput(
      settings.isEnabled,
      "Whether uploads are scanned, as the service reports it.",
    ),
    csamScanningMode: settingOutput(
      settings.csamScanningMode,
      "CSAM scanning's mode by name (or its number's text for one this version does not name).",
      'The mode by name (a number this version does not name as its text, e.g. `"7"`).',
    ),
    antivirusScanningMode: settingOutput(
      settings.antivirusScanningMode,
      "Antivirus scanning's mode by name.",
      "The mode by name.",
    ),
    onDelete: onDeleteOutput,
    priors: settingsPriorsOutput(
      'The declared settings before Pulumi\'s first write: what `"restore"` puts back.',
    ),
  },
});
