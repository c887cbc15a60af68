/**
 * Validation of the state's JSON form. A state file is edited by hand or written by another
 * version, so it is checked field by field and a bad one fails with a precise message.
 */
import { z } from "zod";
import type { StateSnapshot } from "./state";

const int = z.int();
// Enum values stay open: the service adds values, and tests put unknown ones in the state.
const enumValue = z.int().min(0);
const nonNegative = z.int().min(0);

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

/** Checks a parsed JSON value against the snapshot format; throws with every problem listed. */
export function parseSnapshot(json: unknown): StateSnapshot {
  const result = snapshot.safeParse(json);
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
  return result.data;
}
