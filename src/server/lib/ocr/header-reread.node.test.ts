import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseReceipt, withChainReadAgain } from '#shared/domain/receipt-parse/index.ts';
import { icaReceipt } from '#shared/domain/receipt-parse/testing/index.ts';
import { readOn } from './crop-reader.ts';
import { fromPgm } from './grey-image.ts';
import type { GreyImage } from './grey-image.ts';
import { rereadHeader } from './header-reread.ts';
import { createTesseractPool } from './pool.ts';
import type { TesseractPool } from './pool.ts';
import { preprocessForOcr } from './preprocess.ts';
import { joinRows } from './rows.ts';
import type { TextLine } from './rows.ts';
import { OFFLINE_WORKER_PATH } from './testing/network-guard.ts';
import { readPageLines } from './testing/page-lines.ts';
import { receiptPhoto } from './testing/photo-set/index.ts';
import { renderReceipt } from './testing/render-receipt.ts';

const TODAY = '2026-01-31';
const receipt = icaReceipt();
const BLOCK = { tessedit_pageseg_mode: '6' } as object;

describe('rereadHeader with real tesseract', () => {
  let pool: TesseractPool;
  let page: GreyImage;
  let lines: TextLine[];

  beforeAll(async () => {
    pool = await createTesseractPool({ workers: 1, timeoutMs: 90_000, workerPath: OFFLINE_WORKER_PATH });
    const prepared = await preprocessForOcr(await renderReceipt(receipt.lines, { seed: 5, maxTiltDegrees: 0 }));
    page = fromPgm(prepared.image);
    lines = await readPageLines(pool, prepared.image, BLOCK);
  }, 120_000);

  afterAll(async () => {
    await pool?.close();
  });

  it('finds the chain in the band above the first line read, when the page reading read the name as nothing', async () => {
    expect(lines[0]?.text).toContain('ICA');
    // As a page reading that lost the store's name: its line gone, the address first.
    const withoutName = lines.slice(1);
    const first = parseReceipt(joinRows(withoutName), { today: TODAY });
    expect(first.merchantSource).not.toBe('chain');
    const again = await pool.run((worker) => rereadHeader(readOn(worker), page, withoutName));
    expect(again.reread).toBe(3);
    const taken = withChainReadAgain(first, parseReceipt(`${again.text}\n${joinRows(withoutName)}`, { today: TODAY }));
    expect(taken).toMatchObject({ merchant: 'ICA Nära', merchantSource: 'chain', totalOre: first.totalOre });
  });

  it('reads a name printed white on a dark box above the first line, where the page reading saw a blot', async () => {
    const { jpeg, label } = await receiptPhoto(92, 'hard');
    expect(label.merchant).toBe('SJ Linköping Tornby');
    const photo = await preprocessForOcr(jpeg);
    const photoLines = await readPageLines(pool, photo.image, BLOCK);
    // The small "SJ" under the logo is read as something else or not at all; the branch's name as the store.
    const withoutName = photoLines.filter((l) => !/^\s*SJ\s*$/.test(l.text));
    const first = parseReceipt(joinRows(withoutName), { today: TODAY });
    expect(first.merchantSource).not.toBe('chain');
    const again = await pool.run((worker) => rereadHeader(readOn(worker), fromPgm(photo.image), withoutName));
    expect(again.text.split('\n')[0]).toBe('SJ');
    const taken = withChainReadAgain(first, parseReceipt(`${again.text}\n${joinRows(withoutName)}`, { today: TODAY }));
    expect(taken).toMatchObject({ merchant: 'SJ', merchantSource: 'chain' });
  });

  it('reads nothing for a page where nothing was read', async () => {
    expect(await pool.run((worker) => rereadHeader(readOn(worker), page, []))).toEqual({ text: '', reread: 0 });
  });
});
