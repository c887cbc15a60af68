/**
 * Deterministic seed data: the zones, access lists, bot detection settings and search items a
 * fresh emulator starts with. Nothing here depends on the clock or on Math.random, so every
 * emulator (and every test run) sees the same ids and names.
 */
import type {
  AccessListAction,
  AccessListCategory,
  AccessListType,
  BotDetectionSettings,
  ShieldPlanType,
  ShieldZoneSettings,
  UploadScanningSettings,
} from "./api-types";
import { SEARCH_ITEM_TYPES, ShieldPlan } from "./api-types";
import { hashInts } from "./prng";
import type { AccessListRecord, SearchItemRecord, ZoneRecord } from "./records";

/** Sizes of the seeded data. */
export interface SeedOptions {
  /** Number of Shield zones (ids 1001, 1002, …). Default 3. */
  zones?: number;
  /** Event log entries per zone and day unless overridden. Default 250. */
  eventLogsPerDay?: number;
  /** Number of platform search items. Default 60. */
  searchItems?: number;
}

/** The defaults of {@link SeedOptions}. */
export const DEFAULT_SEED: Readonly<Required<SeedOptions>> = {
  zones: 3,
  eventLogsPerDay: 250,
  searchItems: 60,
};

/** The id of the first seeded zone; later zones count up from it. */
export const FIRST_ZONE_ID = 1001;

/** Plan of a seeded zone: every third zone (1003, 1006, …) is Basic, the others Advanced. */
export function planForZone(zoneId: number): ShieldPlanType {
  return (zoneId - FIRST_ZONE_ID) % 3 === 2 ? ShieldPlan.Basic : ShieldPlan.Advanced;
}

/** A list every seeded zone gets. */
export interface ListTemplate {
  /** configurationId = zoneId * 100 + n, listId = zoneId * 1000 + n. */
  n: number;
  name: string;
  description: string;
  type: AccessListType;
  category: AccessListCategory;
  action: AccessListAction;
  isEnabled: boolean;
  requiredPlan: ShieldPlanType;
  entryCount: number;
  updateFrequency: string | null;
}

/** The managed lists every zone has (the defaults suggest them too). */
export const MANAGED_LISTS: readonly ListTemplate[] = [
  {
    n: 1,
    name: "Tor exit nodes",
    description: "Exit relays of the Tor network, refreshed from the public consensus.",
    type: 0, // IP
    category: 8, // TorExitNodes
    action: 2, // Block
    isEnabled: true,
    requiredPlan: ShieldPlan.Basic,
    entryCount: 1200,
    updateFrequency: "01:00:00",
  },
  {
    n: 2,
    name: "VPN providers",
    description: "Address ranges of commercial VPN providers.",
    type: 1, // CIDR
    category: 1, // VPNs
    action: 3, // Challenge
    isEnabled: false,
    requiredPlan: ShieldPlan.Basic,
    entryCount: 5400,
    updateFrequency: "1.00:00:00",
  },
  {
    n: 3,
    name: "Known bad bots",
    description: "Addresses of botnets and abusive crawlers seen across the network.",
    type: 0, // IP
    category: 16, // Botnets
    action: 2, // Block
    isEnabled: true,
    // The one list a Basic zone may not change: PATCHes answer invalid_plan_type.access_list.
    requiredPlan: ShieldPlan.Advanced,
    entryCount: 23000,
    updateFrequency: "00:30:00",
  },
  {
    n: 4,
    name: "Abusive ASNs",
    description: "Hosting networks with a high share of attack traffic.",
    type: 2, // ASN
    category: 2, // Datacenters
    action: 4, // Log
    isEnabled: false,
    requiredPlan: ShieldPlan.Basic,
    entryCount: 180,
    updateFrequency: "06:00:00",
  },
];

const CUSTOM_LISTS: readonly ListTemplate[] = [
  {
    n: 11,
    name: "Office IPs",
    description: "Egress addresses of our offices.",
    type: 0, // IP
    category: 0, // None
    action: 1, // Allow
    isEnabled: true,
    requiredPlan: ShieldPlan.Basic,
    entryCount: 4,
    updateFrequency: null,
  },
  {
    n: 12,
    name: "Partner CIDRs",
    description: "Networks of partners that call our APIs.",
    type: 1, // CIDR
    category: 0, // None
    action: 5, // Bypass
    isEnabled: false,
    requiredPlan: ShieldPlan.Basic,
    entryCount: 12,
    updateFrequency: null,
  },
];

/** A fixed base so that seeded timestamps never depend on the clock. */
const SEED_EPOCH_MS = Date.UTC(2025, 5, 1);

function seedList(zoneId: number, planType: ShieldPlanType, t: ListTemplate): AccessListRecord {
  const h = hashInts(zoneId, t.n);
  // Managed lists vary a little from zone to zone; custom lists keep their small counts.
  const entryCount = t.updateFrequency === null ? t.entryCount : t.entryCount + (h % 97);
  return {
    listId: zoneId * 1000 + t.n,
    configurationId: zoneId * 100 + t.n,
    name: t.name,
    description: t.description,
    // A list above the zone's plan cannot be active there.
    isEnabled: t.isEnabled && t.requiredPlan <= planType,
    type: t.type,
    category: t.category,
    action: t.action,
    requiredPlan: t.requiredPlan,
    entryCount,
    updateFrequency: t.updateFrequency,
    lastUpdated: new Date(SEED_EPOCH_MS + (h % (30 * 24 * 60)) * 60_000).toISOString(),
  };
}

function seedBotDetection(zoneId: number, planType: ShieldPlanType): BotDetectionSettings {
  const i = (zoneId - FIRST_ZONE_ID) % 6;
  return {
    executionMode: i % 2 === 0 ? 1 : 0,
    requestIntegrity: { sensitivity: ([2, 3, 1] as const)[i % 3] },
    ipAddress: { sensitivity: ([3, 2, 1] as const)[i % 3] },
    browserFingerprint: {
      sensitivity: ([2, 1, 0] as const)[i % 3],
      aggression: ([2, 3, 1] as const)[i % 3],
      // Basic zones have never set it, so the service reports null (the field is nullable).
      complexEnabled: planType === ShieldPlan.Basic ? null : i % 2 === 0,
    },
  };
}

/**
 * The entries of a list the API has not written: `entryCount` valid entries of its type
 * (documentation addresses and private ASNs), the same on every run.
 */
export function seedListContent(list: Pick<AccessListRecord, "type" | "entryCount">): string {
  const entry = (i: number): string => {
    switch (list.type) {
      case 1: // CIDR
        return `10.${(i >> 8) & 255}.${i & 255}.0/24`;
      case 2: // ASN
        return `AS${64512 + i}`;
      case 3: // Country
        return ["DE", "FR", "US", "JP", "BR", "IN"][i % 6]!;
      default: // IP, and types whose entries this seed does not invent
        return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    }
  };
  return Array.from({ length: list.entryCount }, (_, i) => entry(i + 1)).join("\n");
}

/** The pull zone of a seeded shield zone is its id plus this, so both id spaces look apart. */
export const PULL_ZONE_ID_OFFSET = 500_000;

/** The shield zone's own fields of a seeded zone (state version 2). */
export type ShieldZoneFields = Pick<ZoneRecord, "pullZoneId" | "settings" | "uploadScanning">;

/** The seeded pull zone, settings and upload scanning of a zone. */
export function seedShieldZoneFields(
  zoneId: number,
  planType: ShieldPlanType = planForZone(zoneId),
): ShieldZoneFields {
  const i = (zoneId - FIRST_ZONE_ID) % 6;
  const basic = planType === ShieldPlan.Basic;
  const settings: ShieldZoneSettings = {
    learningMode: i === 1,
    learningModeUntil: i === 1 ? new Date(SEED_EPOCH_MS + 30 * 86_400_000).toISOString() : null,
    wafEnabled: true,
    wafExecutionMode: i % 2 === 0 ? 1 : 0,
    wafDisabledRules: i % 3 === 0 ? ["942100"] : [],
    wafLogOnlyRules: i % 3 === 1 ? ["920350"] : [],
    wafCustomRuleOrder: [],
    wafRequestHeaderLoggingEnabled: true,
    requestBodyLoggingEnabled: false,
    wafRequestIgnoredHeaders: i % 2 === 0 ? ["Cookie", "Authorization"] : [],
    // Like complexEnabled: settings a Basic zone has never had are null.
    wafRealtimeThreatIntelligenceEnabled: basic ? null : i % 2 === 0,
    wafProfileId: 1 + (i % 3),
    wafEngineConfig: [{ name: "detection_paranoia_level", valueEncoded: String(1 + (i % 2)) }],
    wafRequestBodyLimitAction: ([0, 1, 2] as const)[i % 3],
    wafResponseBodyLimitAction: ([1, 2, 0] as const)[i % 3],
    dDoSShieldSensitivity: ([2, 3, 1] as const)[i % 3],
    dDoSExecutionMode: i % 3 === 2 ? 0 : 1,
    dDoSChallengeWindow: 3600,
    whitelabelResponsePages: basic ? null : false,
  };
  const scanning = i % 2 === 0;
  const uploadScanning: UploadScanningSettings = {
    isEnabled: scanning,
    csamScanningMode: scanning ? 2 : 0,
    antivirusScanningMode: scanning ? 1 : 0,
  };
  return { pullZoneId: zoneId + PULL_ZONE_ID_OFFSET, settings, uploadScanning };
}

/** A zone as the seed creates it: 4 managed lists, 2 custom lists, bot detection settings. */
export function seedZone(
  zoneId: number,
  planType: ShieldPlanType = planForZone(zoneId),
): ZoneRecord {
  return {
    shieldZoneId: zoneId,
    planType,
    managedLists: MANAGED_LISTS.map((t) => seedList(zoneId, planType, t)),
    customLists: CUSTOM_LISTS.map((t) => seedList(zoneId, planType, t)),
    botDetection: seedBotDetection(zoneId, planType),
    ...seedShieldZoneFields(zoneId, planType),
  };
}

const NAME_PREFIXES = [
  "shop",
  "media",
  "blog",
  "api",
  "static",
  "docs",
  "assets",
  "app",
  "video",
  "images",
  "status",
  "downloads",
] as const;
const REGIONS = ["eu", "us", "asia"] as const;
/** Id ranges per type, so that ids look like the real, unrelated id spaces. */
const ID_BASES = {
  cdn: 2_100_000,
  storage: 410_000,
  dns: 560_000,
  script: 31_000,
  stream: 180_000,
};

/** `count` search items spread evenly over the five types, with unique names. */
export function seedSearchItems(count: number): SearchItemRecord[] {
  const items: SearchItemRecord[] = [];
  for (let i = 0; i < count; i++) {
    const type = SEARCH_ITEM_TYPES[i % SEARCH_ITEM_TYPES.length] as SearchItemRecord["type"];
    const k = Math.floor(i / SEARCH_ITEM_TYPES.length);
    const prefix = NAME_PREFIXES[k % NAME_PREFIXES.length] as string;
    const generation = Math.floor(k / NAME_PREFIXES.length);
    // (prefix, generation) is unique per k, so names never collide within a type.
    const suffix = generation > 0 ? `-${generation + 1}` : "";
    const names = {
      cdn: `${prefix}-cdn-${REGIONS[k % REGIONS.length]}${suffix}`,
      storage: `${prefix}-storage-${(k % 4) + 1}${suffix}`,
      dns: `${prefix}${suffix}.example.com`,
      script: `${prefix}-edge-script${suffix}`,
      stream: `${prefix}-videos${suffix}`,
    };
    items.push({ type, id: ID_BASES[type] + k * 7 + 1, name: names[type] });
  }
  return items;
}
