/** Whether CIDR entries together cover every address of a family (and so match any client). */
import { isIP } from "node:net";

const BITS = { 4: 32, 6: 128 } as const;

/** An address as a number: IPv4 of 32 bits, IPv6 of 128 (an IPv4 tail included). */
function addressNumber(address: string, family: 4 | 6): bigint {
  if (family === 4) return address.split(".").reduce((n, octet) => (n << 8n) | BigInt(octet), 0n);
  const [head = "", tail] = address.split("::");
  const groups = (text: string | undefined) =>
    (text ? text.split(":") : []).flatMap((g) =>
      g.includes(".")
        ? ((n) => [(n >> 16n).toString(16), (n & 0xffffn).toString(16)])(addressNumber(g, 4))
        : [g],
    );
  const left = groups(head);
  const right = groups(tail);
  const all =
    tail === undefined
      ? left
      : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return all.reduce((n, g) => (n << 16n) | BigInt(`0x${g}`), 0n);
}

/**
 * The families (`"IPv4"`, `"IPv6"`) whose every address some entry matches; entries that are
 * not `address/bits` are ignored (the resource's `check` refuses them).
 */
export function wholeFamiliesCovered(entries: readonly string[]): string[] {
  const ranges: Record<4 | 6, Array<[bigint, bigint]>> = { 4: [], 6: [] };
  for (const entry of entries) {
    const [address = "", bits] = entry.trim().split("/");
    const family = isIP(address);
    if ((family !== 4 && family !== 6) || bits === undefined || !/^\d{1,3}$/.test(bits)) continue;
    const size = BITS[family];
    const prefix = Number(bits);
    if (prefix > size) continue;
    const span = 1n << BigInt(size - prefix);
    const start = (addressNumber(address, family) / span) * span;
    ranges[family].push([start, start + span - 1n]);
  }
  return ([4, 6] as const)
    .filter((family) => {
      let next = 0n;
      for (const [start, end] of ranges[family].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
        if (start > next) return false;
        if (end + 1n > next) next = end + 1n;
      }
      return next === 1n << BigInt(BITS[family]);
    })
    .map((family) => `IPv${family}`);
}

/** A network read from an entry: its family, first and last address, and prefix length. */
export interface Network {
  family: 4 | 6;
  start: bigint;
  end: bigint;
  bits: number;
  /** Whether the entry's address had bits set past its prefix (`10.0.0.1/24`). */
  hostBits: boolean;
  /** The network as the service keeps it: the address with host bits cleared, `/bits`. */
  text: string;
}

/** The address of `n` in `family` as text (IPv6 in its full, lower-case form). */
function addressText(n: bigint, family: 4 | 6): string {
  if (family === 4) return [24n, 16n, 8n, 0n].map((s) => String((n >> s) & 255n)).join(".");
  return Array.from({ length: 8 }, (_, i) =>
    ((n >> BigInt(112 - 16 * i)) & 0xffffn).toString(16),
  ).join(":");
}

/**
 * The network an entry names: `address/bits`, or a single address (all bits); undefined for
 * anything else (the resource's `check` refuses it).
 */
export function parseNetwork(entry: string): Network | undefined {
  const [address = "", bitsText, extra] = entry.trim().split("/");
  const family = isIP(address);
  if ((family !== 4 && family !== 6) || extra !== undefined) return undefined;
  const size = BITS[family];
  if (bitsText !== undefined && !/^\d{1,3}$/.test(bitsText)) return undefined;
  const bits = bitsText === undefined ? size : Number(bitsText);
  if (bits > size) return undefined;
  const value = addressNumber(address, family);
  const span = 1n << BigInt(size - bits);
  const start = (value / span) * span;
  return {
    family,
    start,
    end: start + span - 1n,
    bits,
    hostBits: start !== value,
    text: `${addressText(start, family)}/${bits}`,
  };
}

/** Whether `inner` lies inside `outer`. */
export const within = (inner: Network, outer: Network): boolean =>
  inner.family === outer.family && inner.start >= outer.start && inner.end <= outer.end;
