/**
 * Tiny seeded pseudo-random generator for property tests (mulberry32): the same seed gives the same sequence
 * on every machine, so a failing random case can be replayed by its seed.
 */
export function createPrng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A uniformly drawn integer in [min, max], both ends included. */
export function randomInt(prng: () => number, min: number, max: number): number {
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || max < min) {
    throw new RangeError(`bad range ${min}..${max}`);
  }
  return min + Math.floor(prng() * (max - min + 1));
}

/** A shuffled copy (Fisher–Yates); the input is left untouched. */
export function shuffled<T>(prng: () => number, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = randomInt(prng, 0, i);
    const a = copy[i] as T;
    copy[i] = copy[j] as T;
    copy[j] = a;
  }
  return copy;
}

/** One element picked uniformly; throws on an empty list. */
export function pick<T>(prng: () => number, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError('cannot pick from an empty list');
  return items[randomInt(prng, 0, items.length - 1)] as T;
}
