import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icaReceipt } from '#shared/domain/receipt-parse/testing/index.ts';
import { readOn } from './crop-reader.ts';
import { cropWord, rereadDates } from './date-reread.ts';
import { fromPgm } from './grey-image.ts';
import type { GreyImage } from './grey-image.ts';
import { createTesseractPool } from './pool.ts';
import type { TesseractPool } from './pool.ts';
import { preprocessForOcr } from './preprocess.ts';
import type { TextLine } from './rows.ts';
import { joinRows } from './rows.ts';
import { OFFLINE_WORKER_PATH } from './testing/network-guard.ts';
import { misreadLines, readPageLines } from './testing/page-lines.ts';
import { renderReceipt } from './testing/render-receipt.ts';

const CONTEXT = { language: 'sv', today: '2026-01-31', dateFound: true } as const;
const receipt = icaReceipt();

describe('cropWord', () => {
  it('cuts a word out with a margin and enlarges it to 40 px character height inside a white frame', async () => {
    const page: GreyImage = { data: new Uint8Array(300 * 100).fill(255), width: 300, height: 100 };
    const pgm = await cropWord(page, { x0: 100, y0: 40, x1: 180, y1: 60 });
    const size = /^P5\n(\d+) (\d+)\n255\n/.exec(pgm?.subarray(0, 20).toString('latin1') ?? '');
    // 20 px word + 2 × 6 px margin, scaled by 2, + 2 × 10 px frame.
    expect(size?.slice(1).map(Number)).toEqual([2 * (80 + 2 * 10) + 20, 2 * (20 + 2 * 6) + 20]);
  });

  it('refuses an empty box', async () => {
    const page: GreyImage = { data: new Uint8Array(100 * 100).fill(255), width: 100, height: 100 };
    expect(await cropWord(page, { x0: 10, y0: 50, x1: 40, y1: 50 })).toBeNull();
  });
});

describe('rereadDates with real tesseract', () => {
  let pool: TesseractPool;
  let page: GreyImage;
  let lines: TextLine[];

  beforeAll(async () => {
    pool = await createTesseractPool({ workers: 1, timeoutMs: 90_000, workerPath: OFFLINE_WORKER_PATH });
    const prepared = await preprocessForOcr(await renderReceipt(receipt.lines, { seed: 3, maxTiltDegrees: 0 }));
    page = fromPgm(prepared.image);
    lines = await readPageLines(pool, prepared.image);
  }, 120_000);

  afterAll(async () => {
    await pool?.close();
  });

  it('corrects a date the page reading got one digit wrong by reading the word again alone', async () => {
    expect(lines.some((l) => l.text.includes(receipt.expected.date))).toBe(true);
    // The date misread into another real one.
    const wrong = misreadLines(lines, receipt.expected.date, '2024-08-15');
    const result = await pool.run((worker) => rereadDates(readOn(worker), page, wrong, CONTEXT));
    expect(result.changed).toBe(1);
    expect(result.lines.some((l) => l.text.includes(receipt.expected.date))).toBe(true);
    expect(result.lines.some((l) => l.text.includes('2024-08-15'))).toBe(false);
  });

  it('leaves a date the re-read agrees with as it was', async () => {
    const result = await pool.run((worker) => rereadDates(readOn(worker), page, lines, CONTEXT));
    expect(result.reread).toBeGreaterThan(0);
    expect(result.changed).toBe(0);
    expect(result.lines.map((l) => l.text)).toEqual(lines.map((l) => l.text));
  });

  it('reads the whole date line when the page reading split the date and garbled its day into the line above', async () => {
    const printed = ['Datum      Zeit  BonNr  KasNr', '15.03.2024 17:42 2875   2', '', 'Vielen Dank'];
    const prepared = await preprocessForOcr(await renderReceipt(printed, { seed: 2, maxTiltDegrees: 0 }));
    const datePage = fromPgm(prepared.image);
    const found = await readPageLines(pool, prepared.image);
    const index = found.findIndex((l) => l.text.includes('15.03.2024'));
    const [line, above] = [found[index], found[index - 1]];
    const date = line?.words?.find((w) => w.text === '15.03.2024');
    if (!line || !above || !date) throw new Error(`the test receipt was not read as printed: ${joinRows(found)}`);
    // As tesseract read a real receipt: "a 03.2024", the day merged with the header line into one word.
    const cut = Math.round(date.bbox.x0 + 0.3 * (date.bbox.x1 - date.bbox.x0));
    const day = { text: 'a', bbox: { ...date.bbox, x1: cut - 2, y0: above.bbox.y0 } };
    const rest = { text: '03.2024', bbox: { ...date.bbox, x0: cut } };
    const words = line.words?.flatMap((w) => (w === date ? [day, rest] : [w])) ?? [];
    const garbled = { ...line, text: line.text.replace('15.03.2024', 'a 03.2024'), words };
    const lines = found.map((l) => (l === line ? garbled : l));
    const context = { language: 'de', today: '2026-01-31', dateFound: false } as const;
    const result = await pool.run((worker) => rereadDates(readOn(worker), datePage, lines, context));
    expect(result.lines[index]?.text).toContain('15.03.2024 17:42');
  });
});
