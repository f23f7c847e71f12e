import { z } from 'zod';
import { CATEGORIES, MERCHANT_MAX, isValidIsoDate } from './expenses.ts';

export const OCR_ITEMS_MAX = 100;
export const OCR_ITEM_DESCRIPTION_MAX = 200;

export const ocrItem = z.object({
  description: z.string().min(1).max(OCR_ITEM_DESCRIPTION_MAX),
  /** Line total in öre; negative for a discount line. */
  amountOre: z.number().int(),
});

/**
 * The answer of POST /api/receipts/ocr: what the receipt reader found, each field null when it could not be read.
 * The wizard shows it and applies it only when the user asks, so nothing here overwrites typed values.
 */
export const ocrResult = z.object({
  /** The amount paid in öre (after öresavrundning). */
  totalOre: z.number().int().min(1).nullable(),
  /** Purchase date YYYY-MM-DD, never after the upload. */
  date: z.string().refine(isValidIsoDate).nullable(),
  merchant: z.string().min(1).max(MERCHANT_MAX).nullable(),
  category: z.enum(CATEGORIES).nullable(),
  /** ISO 4217 code printed on or implied by the receipt ("SEK", "EUR"). */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullable(),
  items: z.array(ocrItem).max(OCR_ITEMS_MAX),
  /** Which reader produced it: tesseract on Kvitt's server, or the configured vision model. */
  source: z.enum(['local', 'vision']),
});

export type OcrItem = z.infer<typeof ocrItem>;
export type OcrResult = z.infer<typeof ocrResult>;
