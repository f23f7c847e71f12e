import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icaReceipt } from '#shared/domain/receipt-parse/testing/index.ts';
import { readOn, readSpread } from './crop-reader.ts';
import type { Borrow } from './crop-reader.ts';
import { cropWord } from './date-reread.ts';
import { fromPgm } from './grey-image.ts';
import { createTesseractPool } from './pool.ts';
import type { TesseractPool } from './pool.ts';
import { preprocessForOcr } from './preprocess.ts';
import { OFFLINE_WORKER_PATH } from './testing/network-guard.ts';
import { readPageLines } from './testing/page-lines.ts';
import { renderReceipt } from './testing/render-receipt.ts';

const WORD = { tessedit_pageseg_mode: '7' } as object;

describe('reading cut-outs of a page on more than one worker', () => {
  let pool: TesseractPool;
  let crops: Buffer[];
  let alone: string[];

  beforeAll(async () => {
    pool = await createTesseractPool({ workers: 2, timeoutMs: 90_000, workerPath: OFFLINE_WORKER_PATH });
    const prepared = await preprocessForOcr(await renderReceipt(icaReceipt().lines, { seed: 3, maxTiltDegrees: 0 }));
    const page = fromPgm(prepared.image);
    const words = (await readPageLines(pool, prepared.image)).flatMap((line) => line.words ?? []).slice(0, 12);
    const cut = await Promise.all(words.map((word) => cropWord(page, word.bbox)));
    crops = cut.filter((crop): crop is Buffer => crop !== null);
    alone = await pool.run((worker) => readOn(worker)(crops, WORD));
  }, 120_000);

  afterAll(async () => {
    await pool?.close();
  });

  it('reads each cut-out as one worker alone reads it, in the same order, with both workers taking some', async () => {
    expect(crops.length).toBeGreaterThanOrEqual(8);
    expect(new Set(alone).size).toBeGreaterThan(4);
    let borrowed = 0;
    const borrow: Borrow = (job) =>
      pool.runIfIdle(async (other) => {
        let taken = 0;
        await job({
          recognize: (...args: Parameters<typeof other.recognize>) => ((taken += 1), other.recognize(...args)),
        } as typeof other);
        borrowed = taken;
      });
    const spread = await pool.run((worker) => readSpread(worker, borrow)(crops, WORD));
    expect(spread).toEqual(alone);
    expect(borrowed).toBeGreaterThan(0);
    expect(borrowed).toBeLessThan(crops.length);
  });

  it('reads everything on its own worker when no other one is free', async () => {
    const spread = await pool.run((worker) => readSpread(worker, () => null)(crops, WORD));
    expect(spread).toEqual(alone);
  });

  it('reads again on its own worker what a borrowed worker took and never answered', async () => {
    const stuck = await createTesseractPool({ workers: 1, timeoutMs: 1, workerPath: OFFLINE_WORKER_PATH });
    try {
      const spread = await pool.run((worker) => readSpread(worker, (job) => stuck.runIfIdle(job))(crops, WORD));
      expect(spread).toEqual(alone);
    } finally {
      await stuck.close();
    }
  }, 60_000);
});
