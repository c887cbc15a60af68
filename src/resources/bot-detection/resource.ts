// Generated from ./declaration.ts by scripts/generate-resources.ts: edit that, then run `npm run generate`.
/** `BotDetection`: how a zone detects and challenges bots. */
import * as pulumi from "@pulumi/pulumi";
import { providerFor, withOutputs } from "../kit/resource";
import type { OnDeleteName } from "../types";

/** A name of `BotDetectionExecutionMode`: `LogOnly` (0), `Challenge` (1). */
export type BotDetectionExecutionModeName = "LogOnly" | "Challenge";

/** A name of `BotDetectionSensitivity`: `Off` (0), `Low` (1), `Medium` (2), `High` (3). */
export type BotDetectionSensitivityName = "Off" | "Low" | "Medium" | "High";

/** A signal with a sensitivity. */
export interface BotDetectionSignalArgs {
  /** How sensitive the signal is. Left as the service has it when omitted. */
  sensitivity?: pulumi.Input<BotDetectionSensitivityName | number | null>;
  /** Accepted and ignored: `getBotDetection`'s name of `sensitivity`. */
  sensitivityName?: pulumi.Input<string | null>;
}

/** A signal as the service reports it, enums by name. */
export interface BotDetectionSignalState {
  /** `Off`, `Low`, `Medium` or `High`; null when the service sent none. */
  sensitivity: string | null;
}

/** A name of `BrowserFingerprintAggression`: `Unknown` (0), `Low` (1), `Medium` (2), `High` (3), `Custom` (4). */
export type BrowserFingerprintAggressionName = "Unknown" | "Low" | "Medium" | "High" | "Custom";

/** Browser fingerprinting. Each member is left as the service has it when omitted. */
export interface BrowserFingerprintArgs {
  /** How sensitive the signal is. Left as the service has it when omitted. */
  sensitivity?: pulumi.Input<BotDetectionSensitivityName | number | null>;
  /** Accepted and ignored: `getBotDetection`'s name of `sensitivity`. */
  sensitivityName?: pulumi.Input<string | null>;
  /** `Unknown`, `Low`, `Medium`, `High`, `Custom` (or 0 to 4). */
  aggression?: pulumi.Input<BrowserFingerprintAggressionName | number | null>;
  /** Accepted and ignored: `getBotDetection`'s name of `aggression`. */
  aggressionName?: pulumi.Input<string | null>;
  /** Whether complex fingerprinting is on. */
  complexEnabled?: pulumi.Input<boolean | null>;
}

/** Browser fingerprinting as the service reports it, enums by name. */
export interface BrowserFingerprintState {
  /** `Off`, `Low`, `Medium` or `High`; null when the service sent none. */
  sensitivity: string | null;
  /** `Unknown`, `Low`, `Medium`, `High` or `Custom`; null when the service sent none. */
  aggression: string | null;
  /** Whether complex fingerprinting is on; null when the service sent none. */
  complexEnabled: boolean | null;
}

/**
 * Arguments of {@link BotDetection}: the shape `getBotDetection` returns, so its result can be
 * passed in. Each setting is left as the service has it when omitted.
 */
export interface BotDetectionArgs {
  /** The shield zone. Changing it replaces the resource. */
  shieldZoneId: pulumi.Input<number>;
  /** `LogOnly` or `Challenge` (or 0, 1). */
  executionMode?: pulumi.Input<BotDetectionExecutionModeName | number>;
  /** The request integrity signal. */
  requestIntegrity?: pulumi.Input<BotDetectionSignalArgs>;
  /** The IP address reputation signal. */
  ipAddress?: pulumi.Input<BotDetectionSignalArgs>;
  /** The browser fingerprint signal. */
  browserFingerprint?: pulumi.Input<BrowserFingerprintArgs>;
  /**
   * What deleting the resource does: `"restore"` (default) puts back the settings
   * Pulumi managed as they were before it adopted them; `"keep"` leaves them.
   */
  onDelete?: pulumi.Input<OnDeleteName>;
}

/**
 * The bot detection settings of a shield zone. They exist with the zone, so declaring them
 * adopts them: the values before Pulumi's first write are kept in `priors` and put back on
 * delete. A zone whose plan does not include bot detection (Basic) fails with a
 * `PlanRestrictionError` that says so.
 *
 * @example
 * ```ts
 * new BotDetection("bots", {
 *   shieldZoneId: zone.shieldZoneId,
 *   executionMode: "Challenge",
 *   browserFingerprint: { sensitivity: "High", aggression: "Medium" },
 * });
 * ```
 */
export class BotDetection extends pulumi.dynamic.Resource {
  /** The shield zone. */
  declare readonly shieldZoneId: pulumi.Output<number>;
  /** `LogOnly` or `Challenge`, as the service reports it. */
  declare readonly executionMode: pulumi.Output<string | null>;
  /** The request integrity signal. */
  declare readonly requestIntegrity: pulumi.Output<BotDetectionSignalState>;
  /** The IP address reputation signal. */
  declare readonly ipAddress: pulumi.Output<BotDetectionSignalState>;
  /** The browser fingerprint signal. */
  declare readonly browserFingerprint: pulumi.Output<BrowserFingerprintState>;
  /** What deleting the resource does on the service. */
  declare readonly onDelete: pulumi.Output<string>;
  /** The values before Pulumi's first write of the settings it manages. */
  declare readonly priors: pulumi.Output<Record<string, unknown>>;

  constructor(name: string, args: BotDetectionArgs, opts?: pulumi.CustomResourceOptions) {
    const kind = "BotDetection";
    const outputs = [
      "executionMode",
      "requestIntegrity",
      "ipAddress",
      "browserFingerprint",
      "onDelete",
      "priors",
    ];
    super(providerFor(kind), name, withOutputs(args, outputs), opts, "bunnynet", kind);
  }
}
