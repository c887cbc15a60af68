/**
 * Validation of the state's JSON form. A state file is edited by hand or written by another
 * version, so it is checked field by field and a bad one fails with a precise message.
 */
import { z } from "zod";
import features from "./features";
import type { StateSnapshot } from "./records";
import { seedZone } from "./seed";
import { enumValue } from "./snapshot-values";

/** What a feature's `state` gives the snapshot and the state (see features/index.ts). */
interface FeatureState {
  /** On a zone, since version 1. */
  version1ZoneFields?: z.ZodRawShape;
  /** In the whole file, since version 1. */
  version1SnapshotFields?: z.ZodRawShape;
  /** On a zone, added after version 1. */
  zoneFields?: z.ZodRawShape;
  /** In the whole file, added after version 1. */
  snapshotFields?: z.ZodRawShape;
  /** What a fresh state (or a file without them) holds of the fields of `snapshotFields`. */
  snapshotSeeds?: Readonly<Record<string, () => unknown>>;
}

type Features = typeof features;
/** The members of the union `U` as one intersection. */
type AllOf<U> = (U extends unknown ? (u: U) => void : never) extends (u: infer I) => void
  ? I
  : never;
/** The checks of one part of every feature, with their types (so the snapshot's output has them). */
type FieldsOf<Part extends keyof FeatureState> = AllOf<
  {
    [F in keyof Features]: Features[F] extends { state: Record<Part, infer S> } ? S : never;
  }[keyof Features]
>;

/**
 * What the features keep, in the order of their names: the order of a state file's fields,
 * whatever the order of the list.
 */
export const FEATURE_STATES: readonly FeatureState[] = Object.entries(features)
  .sort(([a], [b]) => (a < b ? -1 : 1))
  .flatMap(([, feature]) => ("state" in feature ? [feature.state as FeatureState] : []));

/** The fields of every feature with state, on a zone or in the whole file. */
const fieldsOf = <Part extends keyof FeatureState>(part: Part): FieldsOf<Part> =>
  Object.assign({}, ...FEATURE_STATES.map((state) => state[part]));

const zone = z.strictObject({
  shieldZoneId: z.int().min(1).max(0x7fff_ffff),
  planType: enumValue,
  ...fieldsOf("version1ZoneFields"),
});

const snapshot = z.strictObject({
  version: z.literal(1),
  zones: z.array(zone),
  ...fieldsOf("version1SnapshotFields"),
});

// Version 2 adds the shield zone's pull zone and the features' fields (its settings and upload
// scanning among them); a version-1 zone gets those every zone has from the seed.
const zoneOfV2 = zone.extend({
  pullZoneId: z.int().min(1),
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
 * The fields version 1 did not have, on a zone and in the whole file: the pull zone, and every
 * feature's `zoneFields` and `snapshotFields` (features/index.ts).
 */
export const ADDED_AFTER_VERSION_1: { readonly zone: string[]; readonly snapshot: string[] } = {
  zone: addedTo(zone.shape, zoneOfV2.shape),
  snapshot: addedTo(snapshot.shape, snapshotV2.shape),
};

/**
 * A version-1 snapshot as version 2: what a zone lacks (its pull zone, and what a feature seeds
 * on every zone) is the seed's.
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
