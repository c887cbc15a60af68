// Generated from ./declaration.ts by scripts/generate-resources.ts: edit that, then run `npm run generate`.
/** `UploadScanning`: a zone's scanning of uploaded files for CSAM and malware. */
import * as pulumi from "@pulumi/pulumi";
import { providerFor, withOutputs } from "../kit/resource";
import type { OnDeleteName } from "../types";

/** A name of `UploadScanningMode`: `Disabled` (0), `Log` (1), `Block` (2). */
export type UploadScanningModeName = "Disabled" | "Log" | "Block";

/** Arguments of {@link UploadScanning}. Each setting is left as the service has it when omitted. */
export interface UploadScanningArgs {
  /** The shield zone. Changing it replaces the resource. */
  shieldZoneId: pulumi.Input<number>;
  /** Whether uploads are scanned at all. */
  isEnabled?: pulumi.Input<boolean>;
  /** What CSAM scanning does: `Disabled`, `Log` or `Block` (or 0, 1, 2). */
  csamScanningMode?: pulumi.Input<UploadScanningModeName | number>;
  /** What antivirus scanning does: `Disabled`, `Log` or `Block` (or 0, 1, 2). */
  antivirusScanningMode?: pulumi.Input<UploadScanningModeName | number>;
  /**
   * What deleting the resource does: `"restore"` (default) puts back the settings
   * Pulumi managed as they were before it adopted them; `"keep"` leaves them.
   */
  onDelete?: pulumi.Input<OnDeleteName>;
}

/**
 * The upload scanning settings of a shield zone. They exist with the zone, so declaring them
 * adopts them: the values before Pulumi's first write are kept in `priors` and put back on delete.
 *
 * @example
 * ```ts
 * new UploadScanning("uploads", {
 *   shieldZoneId: zone.shieldZoneId,
 *   isEnabled: true,
 *   antivirusScanningMode: "Block",
 *   csamScanningMode: "Block",
 * });
 * ```
 */
export class UploadScanning extends pulumi.dynamic.Resource {
  /** The shield zone. */
  declare readonly shieldZoneId: pulumi.Output<number>;
  /** Whether uploads are scanned, as the service reports it. */
  declare readonly isEnabled: pulumi.Output<boolean | null>;
  /** CSAM scanning's mode by name (or its number's text for one this version does not name). */
  declare readonly csamScanningMode: pulumi.Output<string | null>;
  /** Antivirus scanning's mode by name. */
  declare readonly antivirusScanningMode: pulumi.Output<string | null>;
  /** What deleting the resource does on the service. */
  declare readonly onDelete: pulumi.Output<string>;
  /** The values before Pulumi's first write of the settings it manages. */
  declare readonly priors: pulumi.Output<Record<string, unknown>>;

  constructor(name: string, args: UploadScanningArgs, opts?: pulumi.CustomResourceOptions) {
    const kind = "UploadScanning";
    const outputs = [
      "isEnabled",
      "csamScanningMode",
      "antivirusScanningMode",
      "onDelete",
      "priors",
    ];
    super(providerFor(kind), name, withOutputs(args, outputs), opts, "bunnynet", kind);
  }
}
