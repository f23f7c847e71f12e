import type { OcrResult } from '#shared/api/receipts.ts';
import { parseReceipt } from '#shared/domain/receipt-parse/index.ts';
import type { ParsedReceipt } from '#shared/domain/receipt-parse/index.ts';
import { OcrError } from './errors.ts';
import { createTesseractPool } from './pool.ts';
import type { TesseractPoolOptions } from './pool.ts';
import { preprocessForOcr } from './preprocess.ts';
import type { PreprocessOptions } from './preprocess.ts';
import { isEmptyResult, toOcrResult } from './result.ts';

export type ReadOptions = { /** Upload date YYYY-MM-DD; no receipt date may be later. */ today: string };

export type ReceiptReader = { read(image: Uint8Array, options: ReadOptions): Promise<OcrResult> };

/** Everything one local reading produced, for the evaluation and for logs. */
export type DetailedReading = {
  result: OcrResult;
  parsed: ParsedReceipt;
  text: string;
  ms: { preprocess: number; recognize: number; parse: number };
};

export type OcrPool = ReceiptReader & {
  readDetailed(image: Uint8Array, options: ReadOptions): Promise<DetailedReading>;
  close(): Promise<void>;
};

export type OcrPoolOptions = TesseractPoolOptions & { preprocess?: PreprocessOptions };

/**
 * Kvitt's own receipt reader: preprocessing with sharp, tesseract.js (Swedish + English, local data, no network)
 * in a pool of workers started here, and the pure Swedish receipt parser. Create it once at start-up;
 * `read` throws ImageError for bad uploads and OcrError for timeouts, a full queue or an unreadable picture.
 */
export async function createOcrPool(options: OcrPoolOptions = {}): Promise<OcrPool> {
  const pool = await createTesseractPool(options);

  async function readDetailed(image: Uint8Array, { today }: ReadOptions): Promise<DetailedReading> {
    return pool.run(async (worker) => {
      const t0 = performance.now();
      const prepared = await preprocessForOcr(image, options.preprocess);
      const t1 = performance.now();
      const { data } = await worker.recognize(prepared.image);
      const t2 = performance.now();
      const parsed = parseReceipt(data.text, { today });
      const t3 = performance.now();
      const result = toOcrResult(parsed, 'local');
      const ms = { preprocess: t1 - t0, recognize: t2 - t1, parse: t3 - t2 };
      return { result, parsed, text: data.text, ms };
    });
  }

  return {
    readDetailed,
    async read(image, options) {
      const { result } = await readDetailed(image, options);
      if (isEmptyResult(result)) throw new OcrError('UNREADABLE', 'no total, date or merchant could be read');
      return result;
    },
    close: () => pool.close(),
  };
}
