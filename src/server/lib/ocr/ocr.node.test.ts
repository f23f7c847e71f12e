import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OcrError } from './errors.ts';
import { createOcrPool } from './local-reader.ts';
import type { OcrPool } from './local-reader.ts';
import { blockNetwork, OFFLINE_WORKER_PATH } from './testing/network-guard.ts';
import { fuelReceiptPhoto, icaReceiptPhoto } from './testing/receipts.ts';
import { ICA_ARTICLES, swedishGrocery } from '#shared/domain/receipt-parse/testing/index.ts';
import { preprocessForOcr } from './preprocess.ts';
import { renderReceipt } from './testing/render-receipt.ts';
import { receiptPhoto } from './testing/photo-set/index.ts';
import type { PhotoLabel } from './testing/photo-set/index.ts';
import { startWorker } from './tesseract-worker.ts';

const TODAY = '2026-01-31';
// The generated set's receipts are dated up to 2026-11-20.
const TODAY_OF_SET = '2026-11-25';

describe('the local OCR pipeline, offline', () => {
  let guard: ReturnType<typeof blockNetwork>;
  let pool: OcrPool;

  beforeAll(async () => {
    guard = blockNetwork();
    pool = await createOcrPool({ workers: 1, timeoutMs: 90_000, workerPath: OFFLINE_WORKER_PATH });
  });

  afterAll(async () => {
    await pool?.close();
    guard.restore();
  });

  it('reads total and date of a photographed Swedish receipt with real tesseract and no network', async () => {
    const { image, receipt } = await icaReceiptPhoto({ seed: 3 });
    const result = await pool.read(image, { today: TODAY });
    expect(result.totalOre).toBe(receipt.expected.totalOre);
    expect(result.date).toBe(receipt.expected.date);
    expect(result.source).toBe('local');
    expect(guard.attempts).toEqual([]);
  });

  it('reads a receipt photographed upside down by reading the page again turned over', async () => {
    const { image, receipt } = await icaReceiptPhoto({ seed: 3 });
    const upsideDown = await sharp(image).rotate(180).jpeg({ quality: 85 }).toBuffer();
    const reading = await pool.readDetailed(upsideDown, { today: TODAY });
    expect(reading.turnedOver).toBe(true);
    expect(reading.result).toMatchObject({ totalOre: receipt.expected.totalOre, date: receipt.expected.date });
  });

  it('reads the sample phone photo of a Swedish receipt: total, date, store, and lines that add up', async () => {
    const folder = path.resolve(import.meta.dirname, '../../../../bench/receipts-sample');
    const labels = JSON.parse(await readFile(path.join(folder, 'labels.json'), 'utf8')) as PhotoLabel[];
    const label = labels.find((l) => l.condition === 'photo');
    if (!label) throw new Error('the sample holds no phone photo');
    const result = await pool.read(await readFile(path.join(folder, label.file)), { today: TODAY_OF_SET });
    expect(result).toMatchObject({ totalOre: Math.round(label.total * 100), date: label.date, itemsSumToTotal: true });
    expect(label.merchant.startsWith(result.merchant ?? '-')).toBe(true);
    expect(result.items.reduce((sum, item) => sum + item.amountOre, 0)).toBe(label.itemsTotalOre);
  });

  it('reads a clearly printed page that the global threshold leaves without text with the tiled threshold', async () => {
    // A receipt of the generated set, photographed askew on a dark table: evenly lit and sharp once prepared, yet
    // tesseract's automatic layout finds no text on it after its global threshold.
    const { jpeg, label } = await receiptPhoto(24, 'hard');
    const reading = await pool.readDetailed(jpeg, { today: TODAY_OF_SET });
    expect(reading.thresholdRetry).toBe(true);
    expect(reading.result).toMatchObject({ totalOre: Math.round(label.total * 100), date: label.date });
  });

  it("reads the top of a page again by the second look's lines when the first reading read no line at all", async () => {
    // Photographed askew on a dark table: the automatic layout reads nothing, the second look all but the small
    // store name on the first line.
    const { jpeg, label } = await receiptPhoto(98, 'hard');
    expect(label.merchant).toBe('Willys Jönköping A6');
    const reading = await pool.readDetailed(jpeg, { today: TODAY_OF_SET });
    expect(reading.text.split('\n\f\n')[0]?.trim()).toBe('');
    expect(reading.headerRereads).toBeGreaterThan(0);
    expect(reading.result).toMatchObject({ merchant: 'Willys', totalOre: Math.round(label.total * 100) });
  });

  it('reads a fuel receipt as transport', async () => {
    const { image, receipt } = await fuelReceiptPhoto({ seed: 5 });
    const result = await pool.read(image, { today: TODAY });
    expect(result.totalOre).toBe(receipt.expected.totalOre);
    expect(result.category).toBe('transport');
    expect(guard.attempts).toEqual([]);
  });

  it('asks for a new photo when the picture holds no readable receipt', async () => {
    const blank = await renderReceipt(['', '', ''], { seed: 1 });
    await expect(pool.read(blank, { today: TODAY })).rejects.toMatchObject({ code: 'UNREADABLE' });
  });
});

describe('a long receipt read by two workers at once', () => {
  const long = swedishGrocery({
    store: 'ICA Kvantum Lappis',
    chain: 'ICA',
    address: ['Lappkärrsvägen 1', '114 18 Stockholm'],
    orgNr: '556123-4567',
    articles: [...ICA_ARTICLES, ...ICA_ARTICLES, ...ICA_ARTICLES, ...ICA_ARTICLES, ...ICA_ARTICLES],
    date: '2024-04-02',
    time: '18:05',
    payment: 'card',
  });

  let pool: OcrPool;
  let guard: ReturnType<typeof blockNetwork>;
  // Straight, like a flatbed scan: a tilted photo has no blank row across and is read whole.
  const render = () => renderReceipt(long.lines, { seed: 7, fontSize: 22, maxTiltDegrees: 0.2 });

  beforeAll(async () => {
    guard = blockNetwork();
    pool = await createOcrPool({
      workers: 2,
      timeoutMs: 90_000,
      workerPath: OFFLINE_WORKER_PATH,
      splitAcrossWorkers: true,
    });
  });

  afterAll(async () => {
    await pool.close();
    expect(guard.attempts).toEqual([]);
    guard.restore();
  });

  it('is cut into two strips between printed lines, and its total, date and merchant are still read', async () => {
    const image = await render();
    expect((await preprocessForOcr(image, { parts: 2 })).parts).toHaveLength(2);
    const result = await pool.read(image, { today: TODAY });
    expect(result).toMatchObject({
      totalOre: long.expected.totalOre,
      date: long.expected.date,
      merchant: 'ICA Kvantum',
    });
  });

  it('upside down, is read turned over with its strips in the order of the page', async () => {
    const image = await sharp(await render())
      .rotate(180)
      .png()
      .toBuffer();
    const reading = await pool.readDetailed(image, { today: TODAY });
    expect(reading.turnedOver).toBe(true);
    expect(reading.result).toMatchObject({ totalOre: long.expected.totalOre, date: long.expected.date });
    // In the first reading the store's name heads the page and the total follows the articles, as printed.
    const first = (reading.text.split('\n\f\n')[0] ?? '').toLowerCase();
    expect(first.indexOf('kvantum')).toBeGreaterThanOrEqual(0);
    expect(first.indexOf('kvantum')).toBeLessThan(first.indexOf('totalt'));
  });
});

describe('the second look read alongside the first', () => {
  it('comes from the idle worker and reads exactly what the same worker would have read after the first', async () => {
    const guard = blockNetwork();
    const base = { workers: 2, timeoutMs: 90_000, workerPath: OFFLINE_WORKER_PATH, alwaysSecondLook: true };
    const alongside = await createOcrPool(base);
    const inTurn = await createOcrPool({ ...base, secondLookAlongside: false });
    try {
      const { image } = await icaReceiptPhoto({ seed: 4 });
      const [a, b] = [
        await alongside.readDetailed(image, { today: TODAY }),
        await inTurn.readDetailed(image, { today: TODAY }),
      ];
      expect(a.secondLook && b.secondLook).toBe(true);
      expect([a.secondLookAlongside, b.secondLookAlongside]).toEqual([true, false]);
      expect(a.text).toBe(b.text);
      expect(a.result).toEqual(b.result);
      expect(guard.attempts).toEqual([]);
    } finally {
      await Promise.all([alongside.close(), inTurn.close()]);
      guard.restore();
    }
  });
});

describe('the offline worker used by these tests', () => {
  it('stops a tesseract worker that tries to download language data before it reaches the network', async () => {
    const warnings: string[] = [];
    const logger = { info: () => {}, warn: (details: Record<string, unknown>) => warnings.push(String(details.error)) };
    const start = startWorker({
      languages: 'swe',
      langPath: 'http://127.0.0.1:9/tessdata',
      initTimeoutMs: 15_000,
      parameters: {},
      workerPath: OFFLINE_WORKER_PATH,
      logger,
    });
    // tesseract.js never settles when language data cannot be fetched; the time limit ends the wait.
    await expect(start).rejects.toBeInstanceOf(OcrError);
    expect(warnings.join('\n')).toContain('network access attempted inside the OCR worker (fetch)');
  });
});
