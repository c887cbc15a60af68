/**
 * Small deterministic pseudo-random helpers. Everything the emulator invents (seed data,
 * event logs, fault probabilities) comes from here so that runs are reproducible.
 */

/** Mixes integers into one unsigned 32-bit hash (murmur3-style finalizer per value). */
export function hashInts(...values: readonly number[]): number {
  let h = 0x811c9dc5;
  for (const value of values) {
    // Split into two 32-bit halves so that ids above 2^32 still mix in fully.
    const low = value >>> 0;
    const high = Math.floor(value / 0x1_0000_0000) >>> 0;
    h = mix(h ^ low);
    h = mix(h ^ high);
  }
  return h >>> 0;
}

function mix(x: number): number {
  let h = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A random source returning floats in [0, 1). */
export type Random = () => number;

/** Mulberry32: tiny, fast and good enough for test data. */
export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  };
}

/** An integer in [min, max] (inclusive). */
export function randomInt(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** One element of a non-empty list. */
export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}
