import type { OcrResult } from '#shared/api/receipts.ts';
import { ImageError } from '#server/lib/images/errors.ts';
import { silentLogger } from './errors.ts';
import type { OcrLogger } from './errors.ts';
import type { ReadOptions, ReceiptReader } from './local-reader.ts';

/**
 * The reader the receipt route uses: the vision model when one is configured, Kvitt's own tesseract reader when
 * it is not, or when the model fails, times out or answers nonsense. An upload that is no image fails at once.
 */
export function createReceiptReader(readers: {
  local: ReceiptReader;
  vision?: ReceiptReader | null;
  logger?: OcrLogger;
}): ReceiptReader {
  const logger = readers.logger ?? silentLogger;
  return {
    async read(image: Uint8Array, options: ReadOptions): Promise<OcrResult> {
      if (readers.vision) {
        try {
          return await readers.vision.read(image, options);
        } catch (error) {
          if (error instanceof ImageError) throw error;
          const code = (error as { code?: string }).code ?? 'FAILED';
          logger.warn({ code, error: String(error) }, 'vision receipt reading failed; reading locally');
        }
      }
      return readers.local.read(image, options);
    },
  };
}
