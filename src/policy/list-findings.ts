/** Findings on one `AccessList`'s entries and settings (octorules-bunny's BN30x, BN311, BN602). */
import { parseNetwork, within, type Network } from "./address-space";
import type { ResourceFinding } from "./findings";
import { shown, type Props } from "./resources";

/** A list's entries as its props hold them. */
export const entriesOf = (props: Props): string[] =>
  Array.isArray(props.entries)
    ? props.entries.filter((e): e is string => typeof e === "string")
    : [];

/** Whether a list holds networks (IP or CIDR entries). */
const isNetworkList = (props: Props) => props.type === "IP" || props.type === "CIDR";

/** The networks of a list's entries, each with the entry it was read from. */
export function networksOf(props: Props): Array<{ entry: string; net: Network }> {
  if (!isNetworkList(props)) return [];
  return entriesOf(props).flatMap((entry) => {
    const net = parseNetwork(entry);
    return net ? [{ entry, net }] : [];
  });
}

// Ranges no client on the public internet comes from. The documentation ranges (RFC 5737,
// RFC 3849) are left out on purpose: examples and tests use them as stand-ins for real ones.
const RESERVED = [
  ["0.0.0.0/8", "this network"],
  ["10.0.0.0/8", "private"],
  ["100.64.0.0/10", "carrier-grade NAT"],
  ["127.0.0.0/8", "loopback"],
  ["169.254.0.0/16", "link-local"],
  ["172.16.0.0/12", "private"],
  ["192.0.0.0/24", "IETF protocol assignments"],
  ["192.168.0.0/16", "private"],
  ["198.18.0.0/15", "benchmarking"],
  ["224.0.0.0/4", "multicast"],
  ["240.0.0.0/4", "reserved"],
  ["::/128", "unspecified"],
  ["::1/128", "loopback"],
  ["fc00::/7", "unique local (private)"],
  ["fe80::/10", "link-local"],
  ["ff00::/8", "multicast"],
].map(([range, what]) => ({ net: parseNetwork(range!)!, range: range!, what: what! }));

const LIST = ["AccessList"] as const;

/** BN305: a private or reserved range, which no request from the internet comes from. */
export const reservedRange: ResourceFinding = {
  name: "shield-list-reserved-range",
  peer: ["BN305"],
  description:
    "An AccessList lists no private or reserved range (10.0.0.0/8, 192.168.0.0/16, fc00::/7, …): no request from the internet comes from one.",
  severity: "medium",
  enforcementLevel: "advisory",
  remediationSteps: "List the public addresses the clients come from (behind NAT, the gateway's).",
  kinds: LIST,
  judge: (props) =>
    networksOf(props).flatMap(({ entry, net }) => {
      const reserved = RESERVED.find((r) => within(net, r.net));
      return reserved
        ? [
            `entries hold ${shown(entry)}, inside ${reserved.range} (${reserved.what}): no request from the internet comes from there. List the public address instead.`,
          ]
        : [];
    }),
};

/** BN306: a CIDR with host bits set, which the service keeps as its network (a diff each time). */
export const hostBits: ResourceFinding = {
  name: "shield-list-host-bits",
  peer: ["BN306"],
  description: "An AccessList's CIDR entries have no host bits set (10.0.0.1/24 is 10.0.0.0/24).",
  severity: "medium",
  enforcementLevel: "advisory",
  remediationSteps: "Write the network address of each range.",
  kinds: LIST,
  judge: (props) =>
    props.type !== "CIDR"
      ? []
      : networksOf(props)
          .filter(({ net }) => net.hostBits)
          .map(
            ({ entry, net }) =>
              `entries hold ${shown(entry)}, whose host bits are set: it is the network ${net.text}. Write ${shown(net.text)}.`,
          ),
};

/**
 * Pairs of overlapping networks among `items`, by a sweep over them sorted by start (the
 * broadest first): each network against the innermost open one that contains it.
 */
export function overlaps<T extends { net: Network }>(items: readonly T[]): Array<[T, T]> {
  const pairs: Array<[T, T]> = [];
  for (const family of [4, 6] as const) {
    const sorted = items
      .filter((i) => i.net.family === family)
      .sort((a, b) =>
        a.net.start === b.net.start ? a.net.bits - b.net.bits : a.net.start < b.net.start ? -1 : 1,
      );
    const open: T[] = [];
    for (const item of sorted) {
      while (open.length > 0 && open[open.length - 1]!.net.end < item.net.start) open.pop();
      const parent = open[open.length - 1];
      if (parent) pairs.push([parent, item]);
      open.push(item);
    }
  }
  return pairs;
}

/** BN307: two ranges of one list that overlap; the broader covers the narrower. */
export const listOverlap: ResourceFinding = {
  name: "shield-list-overlap",
  peer: ["BN307"],
  description:
    "An AccessList's ranges do not overlap (the broader one covers the narrower already).",
  severity: "medium",
  enforcementLevel: "advisory",
  remediationSteps: "Remove the narrower range.",
  kinds: LIST,
  judge: (props) =>
    props.type !== "CIDR"
      ? []
      : overlaps(networksOf(props).filter(({ net }) => net.bits > 0)) // /0: shield-list-catch-all
          .filter(([a, b]) => a.net.text !== b.net.text) // the same network: shield-list-duplicate-entry
          .map(
            ([a, b]) =>
              `entries ${shown(a.entry)} and ${shown(b.entry)} overlap: the first covers the second. Remove ${shown(b.entry)}.`,
          ),
};

/** How two entries of a list type are the same entry (within a list, and across lists). */
export const SAME_ENTRY: Record<string, (entry: string) => string> = {
  IP: (e) => parseNetwork(e)?.text ?? e.toLowerCase(),
  CIDR: (e) => parseNetwork(e)?.text ?? e,
  ASN: (e) => e.toUpperCase().replace(/^AS/, ""),
  Country: (e) => e.toUpperCase(),
  Organization: (e) => e.trim().toLowerCase(),
  JA4: (e) => e.toLowerCase(),
};

/** BN309, BN310: an entry listed twice (the same address, network, AS, country, name). */
export const duplicateEntry: ResourceFinding = {
  name: "shield-list-duplicate-entry",
  peer: ["BN309", "BN310"],
  description:
    "An AccessList lists each entry once (2001:DB8::1 is 2001:db8::1, 10.0.0.1/24 is 10.0.0.0/24, ACME is acme).",
  severity: "medium",
  enforcementLevel: "advisory",
  remediationSteps: "Remove the repeated entry.",
  kinds: LIST,
  judge: (props) => {
    const same = SAME_ENTRY[String(props.type)];
    if (!same) return [];
    const first = new Map<string, string>();
    return entriesOf(props).flatMap((entry) => {
      const key = same(entry);
      const earlier = first.get(key);
      if (earlier === undefined) {
        first.set(key, entry);
        return [];
      }
      return [
        `entries hold ${shown(entry)} twice${earlier === entry ? "" : ` (as ${shown(earlier)})`}. Remove the repeat.`,
      ];
    });
  },
};

/** BN311: a /0 in a list that blocks, challenges or logs (letting it through: shield-no-allow-all). */
export const listCatchAll: ResourceFinding = {
  name: "shield-list-catch-all",
  peer: ["BN311"],
  description:
    "An AccessList holds no /0 (0.0.0.0/0, ::/0), which matches every client (an Allow or Bypass one is shield-no-allow-all's).",
  severity: "high",
  enforcementLevel: "advisory",
  remediationSteps:
    "List the networks meant; to act on every request, use the zone's settings, not a list.",
  kinds: LIST,
  judge: (props) =>
    props.type !== "CIDR" || props.action === "Allow" || props.action === "Bypass"
      ? []
      : networksOf(props)
          .filter(({ net }) => net.bits === 0)
          .map(
            ({ entry }) =>
              `entries hold ${shown(entry)}, which matches every client: action ${shown(props.action ?? "Block")} applies to every visitor. List the networks meant instead.`,
          ),
};

/** BN602: a list switched off. */
export const listDisabled: ResourceFinding = {
  name: "shield-list-disabled",
  peer: ["BN602"],
  description: "An AccessList is switched on (a list declared off enforces nothing).",
  severity: "low",
  enforcementLevel: "advisory",
  remediationSteps: "Set isEnabled: true, or remove the list.",
  kinds: LIST,
  judge: (props) =>
    props.isEnabled === false
      ? ["isEnabled is false: the list enforces nothing. Set isEnabled: true, or remove the list."]
      : [],
};

/** Every finding of this file. */
export const LIST_FINDINGS: readonly ResourceFinding[] = [
  reservedRange,
  hostBits,
  listOverlap,
  duplicateEntry,
  listCatchAll,
  listDisabled,
];
