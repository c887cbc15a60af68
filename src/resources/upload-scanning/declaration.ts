/** `UploadScanning` declared once: resource.ts is generated from it (`npm run generate`). */
import { declareKind } from "../kit/declaration";

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
  imports: ['import type { UPLOAD_SCANNING_ON_DELETE } from "./spec";'],
  types: `
/** How a scanner treats what it finds. */
export type UploadScanningModeName = "Disabled" | "Log" | "Block";
`,
  inputs: {
    shieldZoneId: {
      type: "number",
      doc: "The shield zone. Changing it replaces the resource.",
      required: true,
      replaces: true,
    },
    isEnabled: { type: "boolean", doc: "Whether uploads are scanned at all." },
    csamScanningMode: {
      type: "UploadScanningModeName | number",
      doc: "What CSAM scanning does: `Disabled`, `Log` or `Block` (or 0, 1, 2).",
    },
    antivirusScanningMode: {
      type: "UploadScanningModeName | number",
      doc: "What antivirus scanning does: `Disabled`, `Log` or `Block` (or 0, 1, 2).",
    },
    onDelete: {
      type: "(typeof UPLOAD_SCANNING_ON_DELETE)[number]",
      doc: `What deleting the resource does: \`"restore"\` (default) puts back the settings Pulumi
managed as they were before it adopted them; \`"keep"\` leaves them.`,
    },
  },
  outputs: {
    shieldZoneId: { type: "number", doc: "The shield zone." },
    isEnabled: {
      type: "boolean | null",
      doc: "Whether uploads are scanned, as the service reports it.",
    },
    csamScanningMode: {
      type: "string | null",
      doc: "CSAM scanning's mode by name (or its number's text for one this version does not name).",
    },
    antivirusScanningMode: { type: "string | null", doc: "Antivirus scanning's mode by name." },
    onDelete: { type: "string", doc: "What deleting the resource does on the service." },
    priors: {
      type: "Record<string, unknown>",
      doc: "The values before Pulumi's first write of the settings it manages.",
    },
  },
});
