import { compareIds, largestFirst, northwestCorner } from './settlement-core.ts';
import type { MemberBalance, Transfer } from './settlement-core.ts';
import { EXACT_LIMIT, settleExact } from './settlement-exact.ts';
import { zeroSumMasks } from './settlement-levels.ts';

/**
 * Work units (one per hash probe, subset sum or member visited) the search above EXACT_LIMIT may spend. A count,
 * not a clock, so the same balances give the same plan on a fast laptop and on a busy 2-core server.
 */
export const SEARCH_BUDGET = 4_000_000;

// Pairs kept for the quadruple search: bounds its memory (about 16 bytes a pair) for very large groups.
const PAIR_SUM_LIMIT = 1_000_000;

type Budget = { left: number };
type Member = { id: string; value: number };

/**
 * Transfers in öre for more than EXACT_LIMIT members: splits off small zero-sum groups (pairs, then triples,
 * then quadruples, then any found inside windows of EXACT_LIMIT members) within a fixed work budget and settles
 * each group exactly. Returns that plan only when it is shorter than largest-first greedy, so never worse.
 */
export function settleWithinBudget(members: ReadonlyArray<MemberBalance>, budget = SEARCH_BUDGET): Transfer[] {
  const greedy = largestFirst(members);
  const work: Budget = { left: budget };
  const sorted: Member[] = members
    .map((m) => ({ id: m.memberId, value: m.balance }))
    .sort((a, b) => compareIds(a.id, b.id));
  const used = sorted.map(() => false);
  const groups: Member[][] = [];
  const take = (indices: number[]): void => {
    for (const i of indices) used[i] = true;
    groups.push(indices.map((i) => sorted[i] as Member));
  };
  extractPairsAndTriples(sorted, used, take, work);
  extractQuadruples(sorted, used, take, work);
  const rest = sorted.filter((_, i) => !used[i]);
  extractFromWindows(rest, groups, work);
  if (rest.length > 0) groups.push(rest);
  const plan = groups.flatMap((g) => {
    const balances = g.map((m) => ({ memberId: m.id, balance: m.value }));
    return g.length <= EXACT_LIMIT ? settleExact(balances) : northwestCorner(balances);
  });
  return plan.length < greedy.length ? plan : greedy;
}

/** Ascending positions of the open members, by value, for "first open member after i with value v" lookups. */
function positionsByValue(members: ReadonlyArray<Member>, used: ReadonlyArray<boolean>): Map<number, number[]> {
  const byValue = new Map<number, number[]>();
  members.forEach((m, i) => {
    if (used[i]) return;
    const list = byValue.get(m.value);
    if (list === undefined) byValue.set(m.value, [i]);
    else list.push(i);
  });
  return byValue;
}

function firstOpenAfter(
  list: ReadonlyArray<number> | undefined,
  after: number,
  used: ReadonlyArray<boolean>,
  work: Budget,
): number | null {
  if (list === undefined) return null;
  for (const i of list) {
    work.left -= 1;
    if (i > after && !used[i]) return i;
  }
  return null;
}

/** Splits off zero-sum pairs, then triples, each the first completion in id order of its lowest member. */
function extractPairsAndTriples(
  members: ReadonlyArray<Member>,
  used: boolean[],
  take: (indices: number[]) => void,
  work: Budget,
): void {
  let byValue = positionsByValue(members, used);
  members.forEach((m, i) => {
    if (used[i] || work.left <= 0) return;
    const j = firstOpenAfter(byValue.get(-m.value), i, used, work);
    if (j !== null) take([i, j]);
  });
  byValue = positionsByValue(members, used);
  members.forEach((m, i) => {
    for (let j = i + 1; j < members.length && !used[i] && work.left > 0; j += 1) {
      if (used[j]) continue;
      const k = firstOpenAfter(byValue.get(-(m.value + (members[j] as Member).value)), j, used, work);
      if (k !== null) take([i, j, k]);
    }
  });
}

/** Splits off zero-sum quadruples a<b<c<d through a map from pair sums to the pairs (c, d) that make them. */
function extractQuadruples(
  members: ReadonlyArray<Member>,
  used: boolean[],
  take: (indices: number[]) => void,
  work: Budget,
): void {
  const open = members.flatMap((_, i) => (used[i] ? [] : [i]));
  const bySum = new Map<number, number[]>();
  let stored = 0;
  for (let x = 0; x < open.length && work.left > 0 && stored < PAIR_SUM_LIMIT; x += 1) {
    for (let y = x + 1; y < open.length; y += 1) {
      const c = open[x] as number;
      const d = open[y] as number;
      const sum = (members[c] as Member).value + (members[d] as Member).value;
      const list = bySum.get(sum);
      if (list === undefined) bySum.set(sum, [c, d]);
      else list.push(c, d);
    }
    work.left -= open.length - x;
    stored += open.length - x - 1;
  }
  for (let x = 0; x < open.length && work.left > 0; x += 1) {
    for (let y = x + 1; y < open.length && work.left > 0; y += 1) {
      const a = open[x] as number;
      const b = open[y] as number;
      if (used[a] || used[b]) continue;
      const pairs = bySum.get(-((members[a] as Member).value + (members[b] as Member).value)) ?? [];
      for (let p = 0; p < pairs.length; p += 2) {
        work.left -= 1;
        const c = pairs[p] as number;
        const d = pairs[p + 1] as number;
        if (c > b && !used[c] && !used[d]) {
          take([a, b, c, d]);
          break;
        }
      }
    }
  }
}

/**
 * While more than EXACT_LIMIT members remain, looks inside consecutive windows of EXACT_LIMIT members for a
 * zero-sum subset (the one with fewest members, then lowest mask) and splits it off; stops at the budget.
 */
function extractFromWindows(rest: Member[], groups: Member[][], work: Budget): void {
  let start = 0;
  while (rest.length > EXACT_LIMIT && start < rest.length && work.left > 0) {
    const window = rest.slice(start, start + EXACT_LIMIT);
    const masks = zeroSumMasks(window.map((m) => m.value));
    work.left -= 2 * (1 << (EXACT_LIMIT >> 1)) + masks.length;
    const best = smallestMask(masks);
    if (best === null) {
      start += EXACT_LIMIT >> 1;
      continue;
    }
    const picked = window.flatMap((_, i) => (best & (1 << i) ? [start + i] : []));
    groups.push(picked.map((i) => rest[i] as Member));
    for (const i of picked.reverse()) rest.splice(i, 1);
  }
}

function smallestMask(masks: Int32Array): number | null {
  let best: number | null = null;
  for (const mask of masks) {
    const better =
      best === null || popcount(mask) < popcount(best) || (popcount(mask) === popcount(best) && mask < best);
    if (better) best = mask;
  }
  return best;
}

function popcount(mask: number): number {
  let count = 0;
  for (let m = mask; m !== 0; m &= m - 1) count += 1;
  return count;
}
