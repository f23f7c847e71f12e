import { describe, expect, it } from 'vitest';
import { unitsToOre } from './money.ts';

describe('unitsToOre', () => {
  it('turns every unit amount between -100 and 100 kr into its exact öre without drift', () => {
    for (let value = -10_000; value <= 10_000; value += 7) {
      expect(unitsToOre(value / 100)).toBe(value);
    }
  });
});
