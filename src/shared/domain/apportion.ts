import { ore } from './money.ts';

/**
 * Rank of a member in the leftover-öre tie-break for one expense: a 32-bit hash of seed and member id.
 * Depends on the seed, so each expense favours someone else, and not on list order, so shuffles change nothing.
 */
export function tieBreakRank(seed: string, memberId: string): number {
  let h = 0x811c9dc5;
  const text = `${seed}\u0000${memberId}`;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // murmur3 finaliser: FNV alone leaves ids differing only in the last character too close together.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

type Part = { index: number; key: string; rank: number; floor: bigint; remainder: bigint };

/**
 * Largest-remainder apportionment in whole öre: splits total × Σweights / denominator (rounded half up) over
 * the weights, each part floor(total × weight / denominator) plus at most one leftover öre, handed out by
 * largest remainder, ties by tieBreakRank. Exact BigInt arithmetic; denominator defaults to Σweights so
 * the parts then sum to exactly total. Returns amounts in input order.
 */
export function apportion(input: {
  total: number;
  weights: ReadonlyArray<{ key: string; weight: number }>;
  denominator?: number;
  seed: string;
}): number[] {
  const { total, weights, seed } = input;
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`total must be whole öre ≥ 0: ${total}`);
  for (const w of weights) {
    if (!Number.isSafeInteger(w.weight) || w.weight < 0) throw new RangeError(`bad weight ${w.weight}`);
  }
  const weightSum = weights.reduce((acc, w) => acc + BigInt(w.weight), 0n);
  const denominator = input.denominator === undefined ? weightSum : BigInt(input.denominator);
  if (denominator <= 0n) return weights.map(() => 0);

  const bigTotal = BigInt(total);
  const parts: Part[] = weights.map((w, index) => {
    const product = bigTotal * BigInt(w.weight);
    return {
      index,
      key: w.key,
      rank: tieBreakRank(seed, w.key),
      floor: product / denominator,
      remainder: product % denominator,
    };
  });
  const target = (2n * bigTotal * weightSum + denominator) / (2n * denominator);
  let leftover = target - parts.reduce((acc, p) => acc + p.floor, 0n);

  const byClaim = [...parts].sort(compareClaims);
  const amounts = parts.map((p) => p.floor);
  for (const part of byClaim) {
    if (leftover <= 0n) break;
    amounts[part.index] = part.floor + 1n;
    leftover -= 1n;
  }
  return amounts.map((a) => ore(Number(a)));
}

function compareClaims(a: Part, b: Part): number {
  if (a.remainder !== b.remainder) return a.remainder > b.remainder ? -1 : 1;
  if (a.rank !== b.rank) return a.rank - b.rank;
  if (a.key !== b.key) return a.key < b.key ? -1 : 1;
  return a.index - b.index;
}
