/**
 * The emulator's data: zones with their access lists and bot detection settings, search
 * items, and event-log volumes. It is live and mutable so that tests can change things
 * "behind Pulumi's back" (drift), and JSON-serializable for the state file.
 */
import type { ShieldPlanType } from "./api-types";
import { toDay } from "./dates";
import type { RuleRecord } from "./features/waf-rules/state";
import { seedListContent } from "./features/access-lists/seed";
import { seedSearchItems } from "./features/search/seed";
import { DEFAULT_SEED, seedZone, type SeedOptions } from "./seed";
import { FIRST_ZONE_ID } from "./seed-basis";
import type { AccessListRecord } from "./features/access-lists/state";
import type { SearchItemRecord } from "./features/search/state";
import type { RuleCollection, StateSnapshot, ZoneRecord } from "./records";
import { FEATURE_STATES, parseSnapshot } from "./snapshot";

export type { AccessListRecord } from "./features/access-lists/state";
export type { SearchItemRecord } from "./features/search/state";
export type { RuleCollection, RuleKind, StateSnapshot, ZoneRecord } from "./records";

/** Options of {@link EmulatorState.addZone}. */
export interface AddZoneOptions {
  /** Default: one above the highest existing id (1001 for an empty state). */
  shieldZoneId?: number;
  /** Default: the seed pattern (every third zone Basic, the others Advanced). */
  planType?: ShieldPlanType;
  /** Default: the zone id plus `PULL_ZONE_ID_OFFSET` (features/shield-zones/seed.ts). Unique among zones. */
  pullZoneId?: number;
}

const MAX_EVENT_LOGS_PER_DAY = 10_000_000;

/** Both rule kinds. */
const RULE_COLLECTIONS: readonly RuleCollection[] = ["wafCustomRules", "rateLimits"];
/** Rule ids start above these, so that the two kinds' ids look apart. */
const RULE_ID_BASE: Record<RuleCollection, number> = { wafCustomRules: 5000, rateLimits: 8000 };

/**
 * The features' data of their own that the state holds as its file does, by field, each with
 * what a fresh state (or a file without it) holds: a feature's `snapshotSeeds`
 * (features/index.ts), the field's type on {@link EmulatorState} by the feature's
 * `declare module`.
 */
const SEEDS: Readonly<Record<string, () => unknown>> = Object.assign(
  {},
  ...FEATURE_STATES.map((state) => state.snapshotSeeds),
);

/** The emulator's live, mutable data. */
export class EmulatorState {
  /** Event log entries per zone and day where {@link setEventLogVolume} set nothing. */
  eventLogsPerDay: number = DEFAULT_SEED.eventLogsPerDay;
  /** Items `/search` looks through, in the order it answers them. */
  searchItems: SearchItemRecord[] = [];

  /** Custom WAF rules and rate limits by id. */
  readonly rules: Readonly<Record<RuleCollection, Map<number, RuleRecord>>> = {
    wafCustomRules: new Map(),
    rateLimits: new Map(),
  };

  private readonly zonesById = new Map<number, ZoneRecord>();
  /** Key `${zoneId}|${MM-dd-yyyy}`. */
  private readonly volumes = new Map<string, number>();

  /** An empty state: no zones, and the features' own data as seeded. */
  constructor() {
    this.takeOwnData({});
  }

  /** A state with the deterministic seed data (see {@link SeedOptions}). */
  static seeded(options: SeedOptions = {}): EmulatorState {
    const seed = { ...DEFAULT_SEED, ...options };
    assertCount("seed.zones", seed.zones, 100_000);
    assertCount("seed.eventLogsPerDay", seed.eventLogsPerDay, MAX_EVENT_LOGS_PER_DAY);
    assertCount("seed.searchItems", seed.searchItems, 1_000_000);
    const state = new EmulatorState();
    state.eventLogsPerDay = seed.eventLogsPerDay;
    state.searchItems = seedSearchItems(seed.searchItems);
    state.addZones(seed.zones);
    return state;
  }

  /** A state read from its JSON form; throws a descriptive error on a malformed snapshot. */
  static fromJSON(json: unknown): EmulatorState {
    const state = new EmulatorState();
    state.load(json);
    return state;
  }

  /** Replaces all data in place with a snapshot (references to this object stay valid). */
  load(json: unknown): void {
    const snapshot = parseSnapshot(structuredClone(json));
    // Build everything first so that a bad snapshot leaves the current data untouched.
    const volumes = new Map<string, number>();
    for (const [zoneId, days] of Object.entries(snapshot.eventLogVolumes)) {
      for (const [date, count] of Object.entries(days)) {
        volumes.set(`${zoneId}|${toDay(date).key}`, count);
      }
    }
    this.zonesById.clear();
    for (const zone of snapshot.zones) this.zonesById.set(zone.shieldZoneId, zone);
    this.volumes.clear();
    for (const [key, count] of volumes) this.volumes.set(key, count);
    this.eventLogsPerDay = snapshot.eventLogsPerDay;
    this.searchItems = snapshot.searchItems;
    this.takeOwnData(snapshot);
    for (const kind of RULE_COLLECTIONS) {
      this.rules[kind].clear();
      for (const rule of snapshot[kind] ?? []) this.rules[kind].set(rule.id, rule);
    }
  }

  /** The JSON form of the state (a deep copy). */
  toJSON(): StateSnapshot {
    const eventLogVolumes: Record<string, Record<string, number>> = {};
    for (const [key, count] of this.volumes) {
      const [zoneId, date] = key.split("|") as [string, string];
      (eventLogVolumes[zoneId] ??= {})[date] = count;
    }
    return structuredClone({
      version: 2,
      eventLogsPerDay: this.eventLogsPerDay,
      zones: this.zones(),
      searchItems: this.searchItems,
      eventLogVolumes,
      wafCustomRules: [...this.rules.wafCustomRules.values()],
      rateLimits: [...this.rules.rateLimits.values()],
      ...Object.fromEntries(Object.keys(SEEDS).map((key) => [key, this.ownData[key]])),
    });
  }

  /** This state's fields of {@link SEEDS}. */
  private get ownData(): Record<string, unknown> {
    return this as unknown as Record<string, unknown>;
  }

  /** The features' own data from a snapshot, seeded where it has none. */
  private takeOwnData(snapshot: Partial<StateSnapshot>): void {
    const given = snapshot as Readonly<Record<string, unknown>>;
    for (const [key, seed] of Object.entries(SEEDS)) this.ownData[key] = given[key] ?? seed();
  }

  /** All zones, by ascending id. */
  zones(): ZoneRecord[] {
    return [...this.zonesById.values()].sort((a, b) => a.shieldZoneId - b.shieldZoneId);
  }

  /** The zone with this id, or undefined. */
  zone(zoneId: number): ZoneRecord | undefined {
    return this.zonesById.get(zoneId);
  }

  /** Adds a zone seeded like the others (4 managed and 2 custom lists, 1 on Basic; bot detection). */
  addZone(options: AddZoneOptions = {}): ZoneRecord {
    const zoneId = options.shieldZoneId ?? this.nextZoneId();
    if (!Number.isInteger(zoneId) || zoneId < 1 || zoneId > 0x7fff_ffff) {
      throw new RangeError(`Invalid zone id ${zoneId}: expected a positive int32`);
    }
    if (this.zonesById.has(zoneId)) throw new Error(`Zone ${zoneId} already exists`);
    const { pullZoneId } = options;
    if (pullZoneId !== undefined && !(Number.isSafeInteger(pullZoneId) && pullZoneId > 0)) {
      throw new RangeError(`Invalid pull zone id ${pullZoneId}: expected a positive integer`);
    }
    const zone: ZoneRecord = {
      ...seedZone(zoneId, options.planType),
      ...(pullZoneId && { pullZoneId }),
    };
    if (this.zoneByPullZone(zone.pullZoneId)) {
      throw new Error(`Pull zone ${zone.pullZoneId} already has a shield zone`);
    }
    this.zonesById.set(zoneId, zone);
    return zone;
  }

  /** The zone of this pull zone, or undefined. */
  zoneByPullZone(pullZoneId: number): ZoneRecord | undefined {
    // A scan, not an index: tests may replace zones directly.
    for (const zone of this.zonesById.values()) if (zone.pullZoneId === pullZoneId) return zone;
    return undefined;
  }

  /** Adds `count` zones with consecutive ids after the highest existing one. */
  addZones(count: number): ZoneRecord[] {
    assertCount("count", count, 100_000);
    return Array.from({ length: count }, () => this.addZone());
  }

  /** Removes a zone; false if there was none. */
  removeZone(zoneId: number): boolean {
    return this.zonesById.delete(zoneId);
  }

  /** The access list (managed or custom) with this configuration id in the zone, or undefined. */
  accessList(zoneId: number, configurationId: number): AccessListRecord | undefined {
    const zone = this.zonesById.get(zoneId);
    if (!zone) return undefined;
    return (
      zone.managedLists.find((l) => l.configurationId === configurationId) ??
      zone.customLists.find((l) => l.configurationId === configurationId)
    );
  }

  /** Makes a configuration disappear from its zone; false if it was not there. */
  removeAccessList(zoneId: number, configurationId: number): boolean {
    const zone = this.zonesById.get(zoneId);
    if (!zone) return false;
    const before = zone.managedLists.length + zone.customLists.length;
    zone.managedLists = zone.managedLists.filter((l) => l.configurationId !== configurationId);
    zone.customLists = zone.customLists.filter((l) => l.configurationId !== configurationId);
    return zone.managedLists.length + zone.customLists.length < before;
  }

  /** The custom list with this listId in the zone, or undefined. */
  customList(zoneId: number, listId: number): AccessListRecord | undefined {
    return this.zonesById.get(zoneId)?.customLists.find((l) => l.listId === listId);
  }

  /** The entries of a custom list, one per line. */
  customListContent(zone: ZoneRecord, list: AccessListRecord): string {
    return zone.customListContents?.[list.listId] ?? seedListContent(list);
  }

  /** A zone's rules of one kind, by ascending id. */
  rulesOf(kind: RuleCollection, zoneId: number): RuleRecord[] {
    return [...this.rules[kind].values()]
      .filter((rule) => rule.shieldZoneId === zoneId)
      .sort((a, b) => a.id - b.id);
  }

  /** The id the next rule of a kind gets: above every id used so far, from a per-kind base. */
  nextRuleId(kind: RuleCollection): number {
    let max = RULE_ID_BASE[kind];
    for (const id of this.rules[kind].keys()) max = Math.max(max, id);
    return max + 1;
  }

  /** Sets how many event log entries a zone has on a day (`MM-dd-yyyy` or a Date, UTC). */
  setEventLogVolume(zoneId: number, date: string | Date, count: number): void {
    assertCount("count", count, MAX_EVENT_LOGS_PER_DAY);
    this.volumes.set(`${zoneId}|${toDay(date).key}`, count);
  }

  /** How many event log entries a zone has on a day. */
  eventLogVolume(zoneId: number, date: string | Date): number {
    return this.volumes.get(`${zoneId}|${toDay(date).key}`) ?? this.eventLogsPerDay;
  }

  private nextZoneId(): number {
    let max = FIRST_ZONE_ID - 1;
    for (const id of this.zonesById.keys()) max = Math.max(max, id);
    return max + 1;
  }
}

function assertCount(name: string, value: number, max: number): void {
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new RangeError(`${name} must be an integer between 0 and ${max}, got ${value}`);
  }
}
