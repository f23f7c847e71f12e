import { describe, expect, it } from 'vitest';
import { oreToDecimalString, parseOre, unitsToOre } from './money.ts';

describe('parseOre', () => {
  it('reads Swedish decimal commas, points and digit grouping as exact öre', () => {
    expect(parseOre('12,50')).toBe(1250);
    expect(parseOre('12.5')).toBe(1250);
    expect(parseOre('1 234,05')).toBe(123405);
    expect(parseOre('7')).toBe(700);
  });

  it('refuses more than two decimals instead of rounding silently', () => {
    expect(parseOre('1,005')).toBeNull();
    expect(parseOre('abc')).toBeNull();
    expect(parseOre('')).toBeNull();
  });
});

describe('unitsToOre and oreToDecimalString', () => {
  it('round-trip every amount between 0 and 100 kr without drift', () => {
    for (let value = -10_000; value <= 10_000; value += 7) {
      expect(unitsToOre(Number(oreToDecimalString(value)))).toBe(value);
    }
  });
});
