import { describe, expect, it } from 'vitest';
import { checkPayers, mainPayer, payersRemainder, singlePayer } from './payers.ts';
import { apportion } from './split.ts';
import { createPrng, randomInt, shuffled } from './testing/prng.ts';

describe('payers of an expense', () => {
  it('accepts payers whose amounts add up to exactly the total', () => {
    const payers = [
      { memberId: 'anna', amountOre: 30_000 },
      { memberId: 'bo', amountOre: 20_000 },
    ];
    expect(checkPayers(50_000, payers)).toEqual({ ok: true, value: payers });
    expect(checkPayers(50_000, singlePayer('anna', 50_000)).ok).toBe(true);
  });

  it('refuses amounts that miss the total by even one öre, either way', () => {
    const payers = (bo: number) => [
      { memberId: 'anna', amountOre: 30_000 },
      { memberId: 'bo', amountOre: bo },
    ];
    expect(checkPayers(50_000, payers(19_999))).toEqual({ ok: false, code: 'PAYERS_MISMATCH' });
    expect(checkPayers(50_000, payers(20_001))).toEqual({ ok: false, code: 'PAYERS_MISMATCH' });
  });

  it('refuses no payers, a payer listed twice, and amounts of 0 or parts of an öre', () => {
    expect(checkPayers(100, [])).toEqual({ ok: false, code: 'INVALID_PAYERS' });
    const twice = [
      { memberId: 'anna', amountOre: 50 },
      { memberId: 'anna', amountOre: 50 },
    ];
    expect(checkPayers(100, twice)).toEqual({ ok: false, code: 'INVALID_PAYERS' });
    const zero = [
      { memberId: 'anna', amountOre: 100 },
      { memberId: 'bo', amountOre: 0 },
    ];
    expect(checkPayers(100, zero)).toEqual({ ok: false, code: 'INVALID_PAYERS' });
    expect(checkPayers(100, [{ memberId: 'anna', amountOre: 99.5 }])).toEqual({ ok: false, code: 'INVALID_PAYERS' });
  });

  it('tells what is left to assign, negative when too much is assigned', () => {
    expect(payersRemainder(50_000, [{ memberId: 'anna', amountOre: 48_750 }])).toBe(1_250);
    expect(payersRemainder(50_000, [{ memberId: 'anna', amountOre: 50_100 }])).toBe(-100);
    expect(payersRemainder(50_000, [])).toBe(50_000);
  });

  it('names the one who paid the most as main payer, the first listed on a tie', () => {
    expect(
      mainPayer([
        { memberId: 'anna', amountOre: 100 },
        { memberId: 'bo', amountOre: 300 },
      ]),
    ).toBe('bo');
    expect(
      mainPayer([
        { memberId: 'cia', amountOre: 200 },
        { memberId: 'anna', amountOre: 200 },
      ]),
    ).toBe('cia');
    expect(() => mainPayer([])).toThrow(RangeError);
  });

  it('accepts every random way of sharing a payment exactly, and refuses it once one amount moves', () => {
    for (let seed = 1; seed <= 500; seed += 1) {
      const prng = createPrng(300 + seed);
      const total = randomInt(prng, 2, 100_000_000);
      const people = shuffled(prng, ['a', 'b', 'c', 'd', 'e', 'f']).slice(0, randomInt(prng, 1, 6));
      const amounts = apportion({
        total,
        weights: people.map((key) => ({ key, weight: randomInt(prng, 1, 1000) })),
        seed: `s${seed}`,
      });
      const payers = people
        .map((memberId, i) => ({ memberId, amountOre: amounts[i] ?? 0 }))
        .filter((p) => p.amountOre > 0);
      expect(checkPayers(total, payers).ok, `seed ${seed}`).toBe(true);
      expect(
        payers.map((p) => p.memberId),
        `seed ${seed}`,
      ).toContain(mainPayer(payers));
      const [first, ...rest] = payers;
      if (!first) continue;
      const moved = [{ ...first, amountOre: first.amountOre + randomInt(prng, 1, 500) }, ...rest];
      expect(checkPayers(total, moved), `seed ${seed}`).toEqual({ ok: false, code: 'PAYERS_MISMATCH' });
    }
  });
});
