import { OcrError, silentLogger } from './errors.ts';
import type { OcrLogger } from './errors.ts';
import { createOcrPool } from './local-reader.ts';
import type { ReceiptReader } from './local-reader.ts';
import { createReceiptReader } from './reader.ts';
import { createVisionReader } from './vision.ts';

export { OcrError, withTimeout } from './errors.ts';
export type { OcrErrorCode, OcrLogger } from './errors.ts';
export { createOcrPool } from './local-reader.ts';
export type { DetailedReading, OcrPool, OcrPoolOptions, ReadOptions, ReceiptReader } from './local-reader.ts';
export { createVisionReader } from './vision.ts';
export type { VisionReaderOptions } from './vision.ts';
export { createReceiptReader } from './reader.ts';
export { preprocessForOcr } from './preprocess.ts';
export type { PreparedForOcr, PreprocessOptions } from './preprocess.ts';

/** The configuration the server reads from its env schema (src/server/env.ts). */
export type ReceiptReadingConfig = {
  OCR_WORKERS: number;
  OCR_TIMEOUT_MS: number;
  AI_BASE_URL?: string | undefined;
  AI_API_KEY?: string | undefined;
  AI_MODEL?: string | undefined;
};

/**
 * Starts receipt reading at server start-up: the tesseract pool (OCR_WORKERS workers, OCR_TIMEOUT_MS per image),
 * and the vision model in front of it when AI_BASE_URL, AI_API_KEY and AI_MODEL are all set. Without them no
 * image leaves the server. Call `close()` on shutdown.
 */
export async function startReceiptReading(
  config: ReceiptReadingConfig,
  logger: OcrLogger = silentLogger,
): Promise<{ reader: ReceiptReader; vision: boolean; close(): Promise<void> }> {
  const pool =
    config.OCR_WORKERS > 0
      ? await createOcrPool({ workers: config.OCR_WORKERS, timeoutMs: config.OCR_TIMEOUT_MS, logger })
      : null;
  const local: ReceiptReader = pool ?? {
    read: () => Promise.reject(new OcrError('UNAVAILABLE', 'local receipt reading is switched off (OCR_WORKERS=0)')),
  };
  const { AI_BASE_URL: baseUrl, AI_API_KEY: apiKey, AI_MODEL: model } = config;
  const vision =
    baseUrl && apiKey && model
      ? createVisionReader({ baseUrl, apiKey, model, timeoutMs: config.OCR_TIMEOUT_MS })
      : null;
  logger.info({ workers: config.OCR_WORKERS, vision: vision !== null }, 'receipt reading started');
  return {
    reader: createReceiptReader({ local, vision, logger }),
    vision: vision !== null,
    close: async () => pool?.close(),
  };
}
