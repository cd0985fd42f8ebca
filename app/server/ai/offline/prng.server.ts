// A tiny seeded pseudo-random generator for the offline engine: the same prompt always draws the
// same picture. cyrb53-style string hashing feeds mulberry32 (both public-domain algorithms).

/** A 32-bit seed from any string. */
export function hashString(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
}

export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** A float in [min, max). */
  range(min: number, max: number): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
};

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    chance: (probability) => next() < probability,
  };
}

/**
 * Smooth 1-D value noise in [0, 1]: random values at integer points, eased in between, summed
 * over a few octaves. Enough for mountain ridges and dune lines.
 */
export function createNoise1D(random: Random, octaves = 4): (x: number) => number {
  const size = 256;
  const values = Array.from({ length: size }, () => random.next());
  const at = (index: number) => values[((index % size) + size) % size] as number;
  const smooth = (x: number) => {
    const base = Math.floor(x);
    const t = x - base;
    const eased = t * t * (3 - 2 * t);
    return at(base) * (1 - eased) + at(base + 1) * eased;
  };
  return (x) => {
    let sum = 0;
    let amplitude = 1;
    let total = 0;
    let frequency = 1;
    for (let octave = 0; octave < octaves; octave += 1) {
      sum += smooth(x * frequency + octave * 31.7) * amplitude;
      total += amplitude;
      amplitude /= 2;
      frequency *= 2;
    }
    return sum / total;
  };
}
