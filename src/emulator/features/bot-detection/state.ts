/**
 * What bot detection keeps on a zone, declared once: the state file's check, the type
 * (`z.infer`) and the PATCH body's fields (update.ts) all come from {@link botDetectionCheck}.
 */
import { z } from "zod";
import { boolean, enumValue } from "../../snapshot-values";

/** BotDetectionExecutionMode: 0 LogOnly, 1 Challenge. */
export type BotDetectionExecutionMode = number;
/** BotDetectionSensitivity: 0 Off, 1 Low, 2 Medium, 3 High. */
export type BotDetectionSensitivity = number;
/** BrowserFingerprintAggression: 0 Unknown, 1 Low, 2 Medium, 3 High, 4 Custom. */
export type BrowserFingerprintAggression = number;

/** A signal's {@link BotDetectionSensitivity}. */
const signal = z.strictObject({ sensitivity: enumValue });

/** `BotDetectionConfigurationState` without the zone id, as a zone keeps it. */
export const botDetectionCheck = z.strictObject({
  /** {@link BotDetectionExecutionMode}. */
  executionMode: enumValue,
  requestIntegrity: signal,
  ipAddress: signal,
  browserFingerprint: z.strictObject({
    /** {@link BotDetectionSensitivity}. */
    sensitivity: enumValue,
    /** {@link BrowserFingerprintAggression}. */
    aggression: enumValue,
    complexEnabled: boolean.nullable(),
  }),
});

/** `BotDetectionConfigurationState` without the zone id. */
export type BotDetectionSettings = z.infer<typeof botDetectionCheck>;

declare module "../../records" {
  interface ZoneRecord {
    /** Bot detection settings (every zone has them, since state version 1). */
    botDetection: BotDetectionSettings;
  }
}

/** The zone's fields as a version-1 state file already held them. */
export const version1ZoneFields = { botDetection: botDetectionCheck };
