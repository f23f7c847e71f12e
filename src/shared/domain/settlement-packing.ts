import { buildLevels, groupsInMask } from './settlement-levels.ts';

/**
 * The most disjoint zero-sum groups inside any subset of a fixed list of members. A subset is a key; removing
 * member i from a subset that holds it subtracts `stepOf[i]`, and `full` is the key of the whole list.
 */
export type PackingIndex = { groupsIn: (key: number) => number; stepOf: number[]; full: number };

/** Which index to build; tests force each one, the solver lets `indexPacking` choose. */
export type PackingForm = 'auto' | 'multiset' | 'sparse' | 'dense';

/**
 * Indexes the packing of `values` (öre, non-zero): by count vector when equal balances repeat enough that
 * there are far fewer distinct multisets than subsets (±1 kr members are the slowest case for bit sets),
 * otherwise by bit mask, which is fastest when most subsets are distinct.
 */
export function indexPacking(values: ReadonlyArray<number>, form: PackingForm = 'auto'): PackingIndex {
  const distinct = [...new Set(values)];
  const multiplicity = distinct.map((v) => values.filter((w) => w === v).length);
  const states = multiplicity.reduce((product, m) => product * (m + 1), 1);
  const repeats = states * distinct.length <= MULTISET_FACTOR * 2 ** values.length;
  if (form === 'multiset' || (form === 'auto' && repeats)) return multisetIndex(values, distinct, multiplicity);
  const levels = buildLevels(values, form);
  return {
    groupsIn: (mask) => groupsInMask(levels, mask),
    stepOf: values.map((_, i) => 1 << i),
    full: 2 ** values.length - 1,
  };
}

// Measured on 19 members: the count-vector table costs about as much per state and type as the bit sets per subset.
const MULTISET_FACTOR = 1.5;

function multisetIndex(
  values: ReadonlyArray<number>,
  distinct: ReadonlyArray<number>,
  multiplicity: ReadonlyArray<number>,
): PackingIndex {
  const radix: number[] = [];
  let size = 1;
  for (const m of multiplicity) {
    radix.push(size);
    size *= m + 1;
  }
  const counts = countVectorTable(distinct, multiplicity, radix, size);
  return {
    groupsIn: (key) => counts[key] as number,
    stepOf: values.map((v) => radix[distinct.indexOf(v)] as number),
    full: size - 1,
  };
}

/**
 * For every count vector (mixed-radix index, digit t = how many members of balance distinct[t]), the most
 * disjoint zero-sum groups: one more than without any member when the vector sums to zero, otherwise the best
 * after dropping one member, which is never more than one above dropping a member of the lowest type.
 */
function countVectorTable(
  distinct: ReadonlyArray<number>,
  multiplicity: ReadonlyArray<number>,
  radix: ReadonlyArray<number>,
  size: number,
): Uint8Array {
  const counts = new Uint8Array(size);
  const sums = new Float64Array(size);
  const digits = new Int32Array(distinct.length);
  const types = distinct.length;
  for (let key = 1; key < size; key += 1) {
    // Odometer step: the digit that was incremented is the lowest non-zero one.
    let low = 0;
    while ((digits[low] as number) === multiplicity[low]) {
      digits[low] = 0;
      low += 1;
    }
    digits[low] = (digits[low] as number) + 1;
    const prev = key - (radix[low] as number);
    const sum = (sums[prev] as number) + (distinct[low] as number);
    sums[key] = sum;
    const base = counts[prev] as number;
    let best = sum === 0 ? base + 1 : base;
    for (let t = low + 1; t < types && best === base && sum !== 0; t += 1) {
      if ((digits[t] as number) > 0 && (counts[key - (radix[t] as number)] as number) > base) best = base + 1;
    }
    counts[key] = best;
  }
  return counts;
}
