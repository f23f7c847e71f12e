import { describe, expect, it } from 'vitest';
import { parseReceipt } from './index.ts';
import { addOcrNoise, allSampleReceipts, icaReceipt } from './testing/index.ts';
import type { SampleReceipt } from './testing/index.ts';

const TODAY = '2026-01-31';
const read = (receipt: SampleReceipt) => parseReceipt(receipt.lines.join('\n'), { today: TODAY });

describe('parseReceipt on receipts Kvitt prints itself', () => {
  for (const receipt of allSampleReceipts()) {
    it(`reads total, date, merchant, category and currency of the ${receipt.name} receipt`, () => {
      const parsed = read(receipt);
      const { expected } = receipt;
      expect(parsed.totalOre).toBe(expected.totalOre);
      expect(parsed.date).toBe(expected.date);
      expect(parsed.merchant?.toLowerCase()).toContain(expected.merchant.toLowerCase());
      expect(parsed.category).toBe(expected.category);
      expect(parsed.currency).toBe(expected.currency);
    });
  }

  it('lists the articles of a clean receipt so that they add up to what was paid', () => {
    for (const receipt of allSampleReceipts().filter((r) => r.expected.items > 1)) {
      const parsed = read(receipt);
      expect(parsed.items, receipt.name).toHaveLength(receipt.expected.items);
      const sum = parsed.items.reduce((s, item) => s + item.amountOre, 0);
      // A tip or öresavrundning is paid on top of the articles; nothing else may differ.
      expect(Math.abs((parsed.totalOre ?? 0) - sum), receipt.name).toBeLessThanOrEqual(10_000);
    }
  });

  it('never returns a date after the upload day', () => {
    const parsed = parseReceipt(icaReceipt().lines.join('\n'), { today: '2024-03-14' });
    expect(parsed.date).toBeNull();
  });

  it('returns nulls, not guesses, for text that is no receipt', () => {
    const parsed = parseReceipt('Hej!\nVi ses på fredag.\n', { today: TODAY });
    expect(parsed).toMatchObject({ totalOre: null, date: null, category: null, items: [] });
  });

  it('refuses an upload day that is not YYYY-MM-DD', () => {
    expect(() => parseReceipt('Totalt 10,00', { today: '31/01/2026' })).toThrow(RangeError);
  });
});

describe('parseReceipt on noisy OCR text', () => {
  const seeds = Array.from({ length: 40 }, (_, i) => 1000 + i);

  it('still finds the total and date of at least 90 % of noisy copies of every sample receipt', () => {
    for (const receipt of allSampleReceipts()) {
      const results = seeds.map((seed) => parseReceipt(addOcrNoise(receipt.lines, seed), { today: TODAY }));
      const totals = results.filter((r) => r.totalOre === receipt.expected.totalOre).length;
      const dates = results.filter((r) => r.date === receipt.expected.date).length;
      expect(totals / seeds.length, `${receipt.name} total`).toBeGreaterThanOrEqual(0.9);
      expect(dates / seeds.length, `${receipt.name} date`).toBeGreaterThanOrEqual(0.9);
    }
  }, 30_000);

  it('never reports a wrong total backed by two witnesses when the total line itself is misread', () => {
    const receipt = icaReceipt();
    const misread = receipt.lines.map((l) => (l.startsWith('Totalt') ? l.replace(/(\d),(\d)/, '$1,9') : l));
    const parsed = parseReceipt(misread.join('\n'), { today: TODAY });
    expect(parsed.totalOre).toBe(receipt.expected.totalOre);
    expect(parsed.totalSources).toEqual(expect.arrayContaining(['card', 'vat']));
  });
});
