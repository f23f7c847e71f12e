import { describe, expect, it } from 'vitest';
import { splitByItems } from './itemized-split.ts';
import type { ItemLine } from './itemized-split.ts';
import { ore } from './money.ts';
import { computeShares } from './split.ts';
import { createPrng, randomInt, shuffled } from './testing/prng.ts';

const people = ['anna', 'bo', 'cilla', 'david'];
const amounts = (result: ReturnType<typeof splitByItems>) => result.shares.map((share) => share.amount);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Random lines, each taken by a random non-empty subset of `members`, with positive amounts. */
function randomLines(prng: () => number, members: readonly string[], count: number): ItemLine[] {
  return Array.from({ length: count }, () => {
    const takers = shuffled(prng, members).slice(0, randomInt(prng, 1, members.length));
    return { amountOre: randomInt(prng, 0, 50_000), memberIds: takers };
  });
}

describe('splitByItems', () => {
  it('gives shares that add up exactly to the total for random lines, people and differences', () => {
    const prng = createPrng(58_001);
    for (let round = 0; round < 3_000; round += 1) {
      const members = people.slice(0, randomInt(prng, 1, people.length));
      const lines = randomLines(prng, members, randomInt(prng, 1, 25));
      const linesOre = sum(lines.map((line) => line.amountOre));
      if (linesOre === 0) continue;
      // Rounding, öresavrundning, a line not read, or lines that together are a little more than the total.
      const total = Math.max(1, linesOre + randomInt(prng, -Math.min(linesOre - 1, 5_000), 20_000));
      const result = splitByItems({ total: ore(total), participants: members, lines, seed: `r${round}` });
      expect(result.problem).toBeNull();
      expect(sum(amounts(result))).toBe(total);
      expect(result.differenceOre).toBe(total - linesOre);
      for (const share of result.shares) {
        expect(Number.isSafeInteger(share.amount)).toBe(true);
        expect(share.amount).toBeGreaterThanOrEqual(0);
        expect(share.amount).toBe(share.linesOre + share.differenceOre);
      }
    }
  });

  it('splits a line taken by several people equally, to the öre, and gives each person exactly their lines when the lines make the total', () => {
    const lines = [
      { amountOre: 1000, memberIds: ['anna', 'bo', 'cilla'] },
      { amountOre: 2500, memberIds: ['anna'] },
    ];
    const result = splitByItems({ total: ore(3500), participants: ['anna', 'bo', 'cilla'], lines, seed: 'x' });
    expect(result.differenceOre).toBe(0);
    const byPerson = Object.fromEntries(result.shares.map((s) => [s.memberId, s.amount]));
    expect(byPerson.anna! - 2500).toBeGreaterThanOrEqual(333);
    expect(byPerson.anna! - 2500).toBeLessThanOrEqual(334);
    expect([byPerson.bo, byPerson.cilla].every((a) => a === 333 || a === 334)).toBe(true);
    expect(sum(amounts(result))).toBe(3500);
  });

  it('shares the difference in proportion to what each person took', () => {
    // Anna took 300 kr, Bo 100 kr; 4 kr more on the total: Anna 3 kr of it, Bo 1 kr.
    const lines = [
      { amountOre: 30_000, memberIds: ['anna'] },
      { amountOre: 10_000, memberIds: ['bo'] },
    ];
    const up = splitByItems({ total: ore(40_400), participants: ['anna', 'bo'], lines, seed: 's' });
    expect(up.shares).toEqual([
      { memberId: 'anna', linesOre: 30_000, differenceOre: 300, amount: 30_300 },
      { memberId: 'bo', linesOre: 10_000, differenceOre: 100, amount: 10_100 },
    ]);
    // Öresavrundning down by 38 öre on 554,38 kr read as lines.
    const down = splitByItems({ total: ore(39_962), participants: ['anna', 'bo'], lines, seed: 's' });
    expect(down.differenceOre).toBe(-38);
    expect(sum(amounts(down))).toBe(39_962);
    // 38 öre in proportion 3:1 is 28,5 and 9,5: each part is within one öre of its exact proportion.
    const [anna = 0, bo = 0] = down.shares.map((s) => s.differenceOre);
    expect(Math.abs(anna + 28.5)).toBeLessThan(1);
    expect(Math.abs(bo + 9.5)).toBeLessThan(1);
  });

  it('lets a discount line lower the share of the people who took it', () => {
    const lines = [
      { amountOre: 5000, memberIds: ['anna', 'bo'] },
      { amountOre: -1000, memberIds: ['anna'] },
    ];
    const result = splitByItems({ total: ore(4000), participants: ['anna', 'bo'], lines, seed: 's' });
    expect(result.shares.map((s) => s.amount)).toEqual([1500, 2500]);
  });

  it('blocks the split while a line has nobody, and names that line', () => {
    const lines = [
      { amountOre: 5000, memberIds: ['anna'] },
      { amountOre: 700, memberIds: [] },
      { amountOre: 300, memberIds: ['someone-not-taking-part'] },
    ];
    const result = splitByItems({ total: ore(6000), participants: ['anna', 'bo'], lines, seed: 's' });
    expect(result.problem).toBe('ITEM_UNASSIGNED');
    expect(result.unassigned).toEqual([1, 2]);
  });

  it('refuses no lines, a negative share, and a difference with nothing to follow', () => {
    const split = (lines: ItemLine[], total = 1000) =>
      splitByItems({ total: ore(total), participants: ['anna', 'bo'], lines, seed: 's' }).problem;
    expect(split([])).toBe('NO_ITEMS');
    expect(
      split([
        { amountOre: 2000, memberIds: ['anna'] },
        { amountOre: -1000, memberIds: ['bo'] },
      ]),
    ).toBe('INVALID_SHARE');
    expect(split([{ amountOre: 0, memberIds: ['anna', 'bo'] }])).toBe('INVALID_SHARE');
    expect(
      splitByItems({ total: ore(100), participants: [], lines: [{ amountOre: 100, memberIds: [] }], seed: 's' })
        .problem,
    ).toBe('NO_PARTICIPANTS');
  });

  it('gives the same shares for the same expense every time, whatever order the names were tapped in', () => {
    const prng = createPrng(58_002);
    for (let round = 0; round < 300; round += 1) {
      const lines = randomLines(prng, people, randomInt(prng, 1, 10));
      const total = ore(sum(lines.map((l) => l.amountOre)) + randomInt(prng, 1, 500));
      const first = splitByItems({ total, participants: people, lines, seed: `e${round}` });
      const tappedOtherwise = lines.map((line) => ({ ...line, memberIds: shuffled(prng, line.memberIds) }));
      expect(splitByItems({ total, participants: people, lines: tappedOtherwise, seed: `e${round}` })).toEqual(first);
    }
  });
});

describe('computeShares with items', () => {
  const lines = [
    { amountOre: 6000, memberIds: ['anna', 'bo'] },
    { amountOre: 4000, memberIds: ['bo'] },
  ];

  it('accepts the shares the person was shown and refuses others as a mismatch', () => {
    const input = { method: 'items' as const, total: ore(10_000), lines, seed: 's' };
    const shown = computeShares({ ...input, participants: [{ memberId: 'anna' }, { memberId: 'bo' }] });
    expect(shown.problem).toBeNull();
    expect(shown.shares.map((s) => s.amount)).toEqual([3000, 7000]);
    const stated = shown.shares.map((s) => ({ memberId: s.memberId, value: s.amount }));
    expect(computeShares({ ...input, participants: stated }).problem).toBeNull();
    const tampered = [
      { memberId: 'anna', value: 2000 },
      { memberId: 'bo', value: 8000 },
    ];
    expect(computeShares({ ...input, participants: tampered }).problem).toBe('SPLIT_MISMATCH');
  });
});
