/** The access lists a seeded zone has, and the entries of a list the API has not written. */
import type {
  AccessListAction,
  AccessListCategory,
  AccessListType,
  ShieldPlanType,
} from "../../api-types";
import { ShieldPlan } from "../../api-types";
import { hashInts } from "../../prng";
import type { ZoneRecord } from "../../records";
import { SEED_EPOCH_MS } from "../../seed-basis";
import { customListLimits } from "./limits";
import type { AccessListRecord } from "./state";

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
    // The one list a Basic zone may not change: PATCHes answer not_available.access_list.
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

/**
 * The managed and custom lists of a seeded zone: its custom lists are the first of
 * {@link CUSTOM_LISTS} that its plan allows (a Basic zone's one list is already its limit).
 */
export function seedAccessLists(
  zoneId: number,
  planType: ShieldPlanType,
): Pick<ZoneRecord, "managedLists" | "customLists"> {
  return {
    managedLists: MANAGED_LISTS.map((t) => seedList(zoneId, planType, t)),
    customLists: CUSTOM_LISTS.slice(0, customListLimits(planType).lists).map((t) =>
      seedList(zoneId, planType, t),
    ),
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
