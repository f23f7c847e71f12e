import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseReceipt, withLinesReadAgain } from '#shared/domain/receipt-parse/index.ts';
import { icaReceipt } from '#shared/domain/receipt-parse/testing/index.ts';
import { rereadAmounts } from './amount-reread.ts';
import { readOn } from './crop-reader.ts';
import { fromPgm } from './grey-image.ts';
import type { GreyImage } from './grey-image.ts';
import { createTesseractPool } from './pool.ts';
import type { TesseractPool } from './pool.ts';
import { preprocessForOcr } from './preprocess.ts';
import { joinRows } from './rows.ts';
import type { TextLine } from './rows.ts';
import { OFFLINE_WORKER_PATH } from './testing/network-guard.ts';
import { misreadLines, readPageLines } from './testing/page-lines.ts';
import { renderReceipt } from './testing/render-receipt.ts';

const TODAY = '2026-01-31';
const receipt = icaReceipt();
const BLOCK = { tessedit_pageseg_mode: '6' } as object;

describe('rereadAmounts with real tesseract', () => {
  let pool: TesseractPool;
  let page: GreyImage;
  let lines: TextLine[];

  beforeAll(async () => {
    pool = await createTesseractPool({ workers: 1, timeoutMs: 90_000, workerPath: OFFLINE_WORKER_PATH });
    const prepared = await preprocessForOcr(await renderReceipt(receipt.lines, { seed: 5, maxTiltDegrees: 0 }));
    page = fromPgm(prepared.image);
    // Read as one block, as the reader's block look does: the automatic layout drops this page's price column.
    lines = await readPageLines(pool, prepared.image, BLOCK);
  }, 120_000);

  afterAll(async () => {
    await pool?.close();
  });

  it('reads a misread price again alone, and the lines add up with it', async () => {
    const parsed = parseReceipt(joinRows(lines), { today: TODAY });
    expect(parsed.itemsSumToTotal).toBe(true);
    // Two digits of one price misread into another valid price.
    const wrong = misreadLines(lines, '34,90', '31,80');
    const misreadParsed = parseReceipt(joinRows(wrong), { today: TODAY });
    expect(misreadParsed.itemsSumToTotal).toBe(false);
    const again = await pool.run((worker) => rereadAmounts(readOn(worker), page, wrong));
    expect(again.reread).toBeGreaterThanOrEqual(receipt.expected.items);
    expect(again.changed).toBeGreaterThanOrEqual(1);
    const voted = withLinesReadAgain(misreadParsed, parseReceipt(joinRows(again.lines), { today: TODAY }));
    expect(voted.itemsSumToTotal).toBe(true);
    expect(voted.items.map((item) => item.amountOre)).toEqual(parsed.items.map((item) => item.amountOre));
  });

  it('reads a purchased row again whole where the reading garbled it into noise, or dropped it', async () => {
    const parsed = parseReceipt(joinRows(lines), { today: TODAY });
    const at = lines.findIndex((line) => line.text.includes('34,90'));
    expect(at).toBeGreaterThan(0);
    const garbled = lines.map((line, i) => (i === at ? { ...line, text: 'TR Ew', words: [] } : line));
    const dropped = lines.filter((_, i) => i !== at);
    for (const wrong of [garbled, dropped]) {
      const misread = parseReceipt(joinRows(wrong), { today: TODAY });
      expect(misread.itemsSumToTotal).toBe(false);
      const again = await pool.run((worker) => rereadAmounts(readOn(worker), page, wrong));
      expect(again.changed).toBeGreaterThanOrEqual(1);
      const voted = withLinesReadAgain(misread, parseReceipt(joinRows(again.lines), { today: TODAY }));
      expect(voted.itemsSumToTotal).toBe(true);
      expect(voted.items.map((item) => item.amountOre)).toEqual(parsed.items.map((item) => item.amountOre));
    }
  });

  it('reads only the price column again and leaves prices read right as they were', async () => {
    const again = await pool.run((worker) => rereadAmounts(readOn(worker), page, lines));
    const words = lines.flatMap((l) => l.words ?? []);
    expect(again.reread).toBeLessThan(words.length / 2);
    const [before, after] = [lines, again.lines].map((l) => parseReceipt(joinRows(l), { today: TODAY }));
    expect(after?.items).toEqual(before?.items);
    expect(after?.totalOre).toBe(before?.totalOre);
    expect(after?.date).toBe(before?.date);
  });
});
