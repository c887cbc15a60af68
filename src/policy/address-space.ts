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
