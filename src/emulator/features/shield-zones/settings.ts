/**
 * A shield zone as the API shows it (`ShieldZoneResponse`, and the `ShieldZoneRequest` that
 * create and update echo) and as requests change it.
 */
import type { ShieldPlanType } from "../../api-types";
import { ruleLimits } from "../waf-rules/limits";
import { FIELD, nullable, type FieldSpecs } from "../../request-body";
import { bodyFieldsOf } from "../../snapshot-values";
import type { ZoneRecord } from "../../state";
import { shieldZoneSettingsCheck, type ShieldZoneSettings } from "./state";

/** `ShieldZoneResponse`. */
export interface ShieldZoneResponse extends ShieldZoneSettings {
  shieldZoneId: number;
  pullZoneId: number | null;
  planType: ShieldPlanType;
  rateLimitRulesLimit: number;
  customWafRulesLimit: number;
}

/** `ShieldZoneResponse` of a zone. */
export function shieldZoneResponse(zone: ZoneRecord): ShieldZoneResponse {
  const limits = ruleLimits(zone.planType);
  return {
    shieldZoneId: zone.shieldZoneId,
    pullZoneId: zone.pullZoneId,
    ...structuredClone(zone.settings),
    rateLimitRulesLimit: limits.rateLimits,
    customWafRulesLimit: limits.wafCustomRules,
    planType: zone.planType,
  };
}

/**
 * A zone's settings as the `ShieldZoneRequest` that create and update answer: every writable
 * setting as it now is (not only those sent). The published type has no `dDoSExecutionMode`.
 */
export function shieldZoneEcho(zone: ZoneRecord): Record<string, unknown> {
  const { dDoSExecutionMode: _, ...settings } = structuredClone(zone.settings);
  return { shieldZoneId: zone.shieldZoneId, planType: zone.planType, ...settings };
}

/** Settings the answer never shows as null: a null in a request leaves them as they are. */
const NULL_KEEPS = ["wafRequestHeaderLoggingEnabled", "requestBodyLoggingEnabled"] as const;

/** `ShieldZoneRequest`: what create and update may set. */
export const SETTINGS_FIELDS: FieldSpecs = {
  // Echoed by clients, ignored: the request's top-level id (update) or a new one (create) wins.
  shieldZoneId: FIELD.id,
  // Deprecated in favour of planType; accepted and ignored.
  premiumPlan: nullable(FIELD.boolean),
  planType: FIELD.enumValue,
  // dDoSExecutionMode is not in the published ShieldZoneRequest, but the service reads it (the
  // official Terraform provider sets the DDoS mode this way).
  ...bodyFieldsOf(shieldZoneSettingsCheck, { nullKeeps: NULL_KEEPS }),
};

/** Sets on the service (`uniqueItems`): duplicates collapse. */
const SETS = new Set(["wafDisabledRules", "wafLogOnlyRules", "wafRequestIgnoredHeaders"]);

/**
 * Applies the settings present in a checked `ShieldZoneRequest` to a zone (planType too);
 * true when anything changed.
 */
export function applySettings(zone: ZoneRecord, request: Record<string, unknown>): boolean {
  const before = JSON.stringify([zone.planType, zone.settings]);
  const settings = zone.settings as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(request)) {
    if (key === "planType") {
      zone.planType = value as number;
    } else if (
      Object.hasOwn(settings, key) &&
      !(value === null && NULL_KEEPS.some((k) => k === key))
    ) {
      settings[key] = normalised(key, value);
    }
  }
  return JSON.stringify([zone.planType, zone.settings]) !== before;
}

/** A setting as the service keeps it: sets without duplicates, dates in UTC. */
function normalised(key: string, value: unknown): unknown {
  if (SETS.has(key) && Array.isArray(value)) return [...new Set(value)];
  if (key === "learningModeUntil" && typeof value === "string") {
    return new Date(value).toISOString();
  }
  return value;
}

/** Fields of ShieldZoneResponse no client reads strictly (lenient or unread in the client). */
const UNREAD_SETTINGS: readonly (keyof ShieldZoneSettings)[] = ["wafEngineConfig"];

/** {@link UNREAD_SETTINGS} under `prefix` (e.g. `data.*`), for a route's `unreadFields`. */
export function unreadSettingsAt(prefix: string): string[] {
  return UNREAD_SETTINGS.map((field) => `${prefix}.${field}`);
}
