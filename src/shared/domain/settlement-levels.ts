/**
 * How many disjoint zero-sum groups fit in each subset of up to 2^(EXACT_LIMIT − 1) members, as nested bit
 * sets: level k holds every subset (a bit mask over the values) that contains k disjoint zero-sum groups.
 * Built level by level from the zero-sum subsets alone, with word-parallel superset closures, because a
 * per-subset dynamic programme over 2^19 masks costs two to three times more in JavaScript.
 */
export type Levels = { dense: Int32Array[]; sparse: Int32Array[] };

// Word-internal superset closure for mask bits 0..4: the positions in a 32-bit word that have bit j set.
const IN_WORD = [0xaaaaaaaa | 0, 0xcccccccc | 0, 0xf0f0f0f0 | 0, 0xff00ff00 | 0, 0xffff0000 | 0];

/**
 * Level structure in subset counts over `values` (öre, any signs); read a subset's count with `groupsInMask`.
 * A level with few zero-sum subsets (real balances, and the top levels of adversarial ones) stays a list,
 * searched directly, because closing 2^19 bits upwards costs more than comparing a few hundred masks.
 */
export function buildLevels(values: ReadonlyArray<number>, form: 'auto' | 'sparse' | 'dense' = 'auto'): Levels {
  const levels: Levels = { dense: [], sparse: [] };
  const asList = (count: number): boolean =>
    form === 'sparse' || (form === 'auto' && count ** 2 <= (2 ** values.length) >> 2);
  let candidates = zeroSumMasks(values);
  while (candidates.length > 0) {
    // A zero-sum subset packs one more group than itself minus any one member, here its lowest.
    if (levels.sparse.length > 0 || asList(candidates.length)) {
      const below = candidates;
      levels.sparse.push(below);
      candidates = keepWhere(below, (key) => holdsSubsetOf(below, key));
    } else {
      const level = supersetsOf(candidates, values.length);
      levels.dense.push(level);
      candidates = keepWhere(candidates, (key) => contains(level, key));
    }
  }
  return levels;
}

/** The most disjoint zero-sum groups inside the subset `mask`: a count of groups, 0 when none sums to zero. */
export function groupsInMask(levels: Levels, mask: number): number {
  let k = 0;
  for (const level of levels.dense) {
    if (!contains(level, mask)) return k;
    k += 1;
  }
  for (const level of levels.sparse) {
    if (!holdsSubsetOf(level, mask)) return k;
    k += 1;
  }
  return k;
}

/** The masks s for which `holds(s without its lowest member)`, in a new array (typed-array filter is slow in V8). */
function keepWhere(masks: Int32Array, holds: (key: number) => boolean): Int32Array {
  const kept = new Int32Array(masks.length);
  let count = 0;
  for (let i = 0; i < masks.length; i += 1) {
    const s = masks[i] as number;
    if (holds(s ^ (s & -s))) kept[count++] = s;
  }
  return kept.subarray(0, count);
}

function holdsSubsetOf(masks: Int32Array, key: number): boolean {
  for (const mask of masks) if ((mask & ~key) === 0) return true;
  return false;
}

/** Bit set (one bit per subset of `bits` members) of every superset of the given masks. */
function supersetsOf(masks: Int32Array, bits: number): Int32Array {
  const level = new Int32Array(Math.max(1, (1 << bits) >>> 5));
  for (const s of masks) level[s >>> 5] = (level[s >>> 5] as number) | (1 << (s & 31));
  closeUpwards(level, bits);
  return level;
}

function contains(level: Int32Array, mask: number): boolean {
  return (((level[mask >>> 5] as number) >>> (mask & 31)) & 1) === 1;
}

/** Turns a set of subsets into the set of all their supersets, one pass per member bit. */
function closeUpwards(level: Int32Array, bits: number): void {
  // Bits 0..4 live inside one word: all five steps run on the word while it sits in a register.
  const inWord = Math.min(bits, 5);
  for (let w = 0; w < level.length; w += 1) {
    let word = level[w] as number;
    for (let j = 0; j < inWord; j += 1) word |= (word << (1 << j)) & (IN_WORD[j] as number);
    level[w] = word;
  }
  for (let j = 5; j < bits; j += 1) {
    const stride = 1 << (j - 5);
    for (let base = 0; base < level.length; base += stride << 1) {
      for (let w = base; w < base + stride; w += 1) {
        level[w + stride] = (level[w + stride] as number) | (level[w] as number);
      }
    }
  }
}

/** Every non-empty subset whose values sum to zero, met in the middle: output-sensitive after 2^(n/2) sums. */
export function zeroSumMasks(values: ReadonlyArray<number>): Int32Array {
  const half = values.length >> 1;
  const left = subsetSums(values.slice(0, half));
  const right = subsetSums(values.slice(half));
  // Left subsets ordered by sum, so each right subset finds its negated sum as one contiguous run.
  const order = Int32Array.from(left.keys()).sort((a, b) => (left[a] as number) - (left[b] as number));
  const sortedSums = Float64Array.from(order, (mask) => left[mask] as number);
  const runs = new Int32Array(right.length * 2);
  let total = 0;
  for (let r = 0; r < right.length; r += 1) {
    const start = lowerBound(sortedSums, -(right[r] as number));
    let end = start;
    while (end < sortedSums.length && sortedSums[end] === -(right[r] as number)) end += 1;
    runs[2 * r] = start;
    runs[2 * r + 1] = end;
    total += end - start;
  }
  const masks = new Int32Array(total);
  let next = 0;
  for (let r = 0; r < right.length; r += 1) {
    for (let i = runs[2 * r] as number; i < (runs[2 * r + 1] as number); i += 1) {
      const s = (order[i] as number) | (r << half);
      if (s !== 0) masks[next++] = s;
    }
  }
  return masks.subarray(0, next);
}

function lowerBound(sorted: Float64Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function subsetSums(values: ReadonlyArray<number>): Float64Array {
  const sums = new Float64Array(1 << values.length);
  for (let s = 1; s < sums.length; s += 1) {
    const low = s & -s;
    sums[s] = (sums[s ^ low] as number) + (values[31 - Math.clz32(low)] as number);
  }
  return sums;
}
