/**
 * Validation of the state's JSON form. A state file is edited by hand or written by another
 * version, so it is checked field by field and a bad one fails with a precise message.
 */
import { z } from "zod";
import * as features from "./features/state";
import type { StateSnapshot } from "./records";
import { seedZone } from "./seed";
import { enumValue, int, nonNegative } from "./snapshot-values";

/** The fields of every feature with state (features/state.ts), on a zone or in the whole file. */
const fieldsOf = (part: "zoneFields" | "snapshotFields"): z.ZodRawShape =>
  Object.assign({}, ...Object.values(features).map((feature) => (feature as FeatureState)[part]));

/** What a feature's `state.ts` gives the snapshot. */
interface FeatureState {
  zoneFields?: z.ZodRawShape;
  snapshotFields?: z.ZodRawShape;
}

const accessList = z.strictObject({
  listId: int,
  configurationId: int,
  name: z.string().nullable(),
  description: z.string().nullable(),
  isEnabled: z.boolean(),
  type: enumValue,
  category: enumValue,
  action: enumValue,
  requiredPlan: enumValue,
  entryCount: nonNegative,
  updateFrequency: z.string().nullable(),
  lastUpdated: z.iso.datetime({ offset: true }),
});

const sensitivity = enumValue;

const zone = z.strictObject({
  shieldZoneId: z.int().min(1).max(0x7fff_ffff),
  planType: enumValue,
  managedLists: z.array(accessList),
  customLists: z.array(accessList),
  botDetection: z.strictObject({
    executionMode: enumValue,
    requestIntegrity: z.strictObject({ sensitivity }),
    ipAddress: z.strictObject({ sensitivity }),
    browserFingerprint: z.strictObject({
      sensitivity,
      aggression: enumValue,
      complexEnabled: z.boolean().nullable(),
    }),
  }),
});

const snapshot = z.strictObject({
  version: z.literal(1),
  eventLogsPerDay: nonNegative,
  zones: z.array(zone),
  searchItems: z.array(
    z.strictObject({
      type: z.enum(["cdn", "storage", "dns", "script", "stream"]),
      id: int,
      name: z.string(),
    }),
  ),
  eventLogVolumes: z.record(
    z.string().regex(/^[1-9]\d*$/, "expected a zone id"),
    z.record(z.string().regex(/^\d{2}-\d{2}-\d{4}$/, "expected MM-dd-yyyy"), nonNegative),
  ),
});

// Version 2 adds the shield zone's own fields; a version-1 zone gets them from the seed.
const strings = z.array(z.string()).nullable();
const zoneV2 = zone.extend({
  pullZoneId: z.int().min(1),
  settings: z.strictObject({
    learningMode: z.boolean().nullable(),
    learningModeUntil: z.iso.datetime({ offset: true }).nullable(),
    wafEnabled: z.boolean().nullable(),
    wafExecutionMode: enumValue,
    wafDisabledRules: strings,
    wafLogOnlyRules: strings,
    wafCustomRuleOrder: z.array(int).nullable(),
    wafRequestHeaderLoggingEnabled: z.boolean(),
    requestBodyLoggingEnabled: z.boolean(),
    wafRequestIgnoredHeaders: strings,
    wafRealtimeThreatIntelligenceEnabled: z.boolean().nullable(),
    wafProfileId: int.nullable(),
    wafEngineConfig: z
      .array(z.strictObject({ name: z.string().nullable(), valueEncoded: z.string().nullable() }))
      .nullable(),
    wafRequestBodyLimitAction: enumValue,
    wafResponseBodyLimitAction: enumValue,
    dDoSShieldSensitivity: enumValue,
    dDoSExecutionMode: enumValue,
    dDoSChallengeWindow: int.nullable(),
    whitelabelResponsePages: z.boolean().nullable(),
  }),
  uploadScanning: z.strictObject({
    isEnabled: z.boolean(),
    csamScanningMode: enumValue,
    antivirusScanningMode: enumValue,
  }),
});
const zoneOfV2 = zoneV2.extend({
  customListContents: z.record(z.string(), z.string()).optional(),
  ...fieldsOf("zoneFields"),
});
const snapshotV2 = snapshot.extend({
  version: z.literal(2),
  zones: z.array(zoneOfV2),
  ...fieldsOf("snapshotFields"),
});

const addedTo = (v1: z.ZodRawShape, v2: z.ZodRawShape) =>
  Object.keys(v2).filter((key) => !(key in v1));

/**
 * The fields version 1 did not have, on a zone and in the whole file: the shield zone's own,
 * and every feature's (`zoneFields` and `snapshotFields` of features/state.ts).
 */
export const ADDED_AFTER_VERSION_1: { readonly zone: string[]; readonly snapshot: string[] } = {
  zone: addedTo(zone.shape, zoneOfV2.shape),
  snapshot: addedTo(snapshot.shape, snapshotV2.shape),
};

/**
 * A version-1 snapshot as version 2: what a zone lacks (the shield zone's own fields, and any a
 * feature seeds) is the seed's.
 */
function upgrade(v1: z.output<typeof snapshot>): StateSnapshot {
  const zones = v1.zones.map((z) => ({ ...seedZone(z.shieldZoneId, z.planType), ...z }));
  return { ...v1, version: 2, zones };
}

/**
 * Checks a parsed JSON value against the snapshot format (version 2, or 1 upgraded); throws
 * with every problem listed.
 */
export function parseSnapshot(json: unknown): StateSnapshot {
  const isV1 = (json as { version?: unknown } | null)?.version === 1;
  const result = isV1 ? snapshot.transform(upgrade).safeParse(json) : snapshotV2.safeParse(json);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
      .join("; ");
    throw new Error(`Invalid emulator state: ${problems}`);
  }
  const zoneIds = result.data.zones.map((z) => z.shieldZoneId);
  if (new Set(zoneIds).size !== zoneIds.length) {
    throw new Error("Invalid emulator state: zones: duplicate shieldZoneId");
  }
  const pullZoneIds = result.data.zones.map((z) => z.pullZoneId);
  if (new Set(pullZoneIds).size !== pullZoneIds.length) {
    throw new Error("Invalid emulator state: zones: duplicate pullZoneId");
  }
  return result.data;
}
