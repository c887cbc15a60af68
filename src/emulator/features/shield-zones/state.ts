/**
 * What a shield zone keeps of its own settings (WAF, DDoS, learning mode, …), declared once: the
 * state file's check, the type (`z.infer`) and the fields create and update accept
 * (settings.ts) all come from {@link shieldZoneSettingsCheck}.
 */
import { z } from "zod";
import { boolean, enumValue, int, ints, strings, text, timestamp } from "../../snapshot-values";

/** WAFExecutionMode and DDoSExecutionMode: 0 Log, 1 Block. */
export type ExecutionMode = number;
/** WAFPayloadLimitAction: 0 Block, 1 Log, 2 Ignore. */
export type WafPayloadLimitAction = number;
/** DDoSShieldSensitivity: 0 Off, 1 Low, 2 Medium, 3 High, 4 Challenge. */
export type DdosShieldSensitivity = number;

/** `PullZoneWafConfigVariableModel`. */
const wafEngineVariable = z.strictObject({ name: text.nullable(), valueEncoded: text.nullable() });
/** `PullZoneWafConfigVariableModel`. */
export type WafEngineVariable = z.infer<typeof wafEngineVariable>;

/**
 * The settings of `ShieldZoneResponse` a zone stores: all but its ids, its plan and the plan's
 * limits. Each is also a writable field of `ShieldZoneRequest`.
 */
export const shieldZoneSettingsCheck = z.strictObject({
  learningMode: boolean.nullable(),
  /** ISO 8601 date-time. */
  learningModeUntil: timestamp.nullable(),
  wafEnabled: boolean.nullable(),
  /** {@link ExecutionMode}. */
  wafExecutionMode: enumValue,
  wafDisabledRules: strings.nullable(),
  wafLogOnlyRules: strings.nullable(),
  wafCustomRuleOrder: ints.nullable(),
  wafRequestHeaderLoggingEnabled: boolean,
  requestBodyLoggingEnabled: boolean,
  wafRequestIgnoredHeaders: strings.nullable(),
  wafRealtimeThreatIntelligenceEnabled: boolean.nullable(),
  wafProfileId: int.nullable(),
  wafEngineConfig: z.array(wafEngineVariable).nullable(),
  /** {@link WafPayloadLimitAction}. */
  wafRequestBodyLimitAction: enumValue,
  /** {@link WafPayloadLimitAction}. */
  wafResponseBodyLimitAction: enumValue,
  /** {@link DdosShieldSensitivity}. */
  dDoSShieldSensitivity: enumValue,
  /** {@link ExecutionMode}. */
  dDoSExecutionMode: enumValue,
  dDoSChallengeWindow: int.nullable(),
  whitelabelResponsePages: boolean.nullable(),
});

/**
 * The settings of `ShieldZoneResponse` a zone stores: all but its ids, its plan and the plan's
 * limits. Each is also a writable field of `ShieldZoneRequest`.
 */
export type ShieldZoneSettings = z.infer<typeof shieldZoneSettingsCheck>;

declare module "../../records" {
  interface ZoneRecord {
    /** The zone's own settings (state version 2; a version-1 zone takes the seed's). */
    settings: ShieldZoneSettings;
  }
}

/** The zone's fields as a state file holds them (every version-2 zone has them). */
export const zoneFields = { settings: shieldZoneSettingsCheck };
