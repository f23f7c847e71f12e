import { z } from 'zod';
import { CATEGORIES, MERCHANT_MAX, isValidIsoDate } from './expenses.ts';

export const OCR_ITEMS_MAX = 100;
export const OCR_ITEM_DESCRIPTION_MAX = 200;

/** A discount printed under an article ("Rabatt", "Medlemspris"), in öre, negative. */
export const ocrItemDiscount = z.object({
  description: z.string().min(1).max(OCR_ITEM_DESCRIPTION_MAX),
  amountOre: z.number().int().max(0),
});

/**
 * One purchased line of the receipt. The fields after `amountOre` are absent when the reader cannot tell them
 * apart (the vision model reports lines only).
 */
export const ocrItem = z.object({
  description: z.string().min(1).max(OCR_ITEM_DESCRIPTION_MAX),
  /** What the line costs in öre, with its discounts and deposit; negative for a discount that stands alone. */
  amountOre: z.number().int(),
  /** The amount printed on the article line, before its discounts and deposit. */
  priceOre: z.number().int().optional(),
  /** The quantity or weight line as printed ("2 st x 22,00", "0,512 kg x 89,90 kr/kg"), or null. */
  quantity: z.string().max(OCR_ITEM_DESCRIPTION_MAX).nullable().optional(),
  discounts: z.array(ocrItemDiscount).max(10).optional(),
  /** Deposit on bottles and cans ("Pant") in öre. */
  depositOre: z.number().int().min(0).optional(),
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
  /** Whether the items add up to the total (before öresavrundning); absent when the reader does not say. */
  itemsSumToTotal: z.boolean().optional(),
  /** Which reader produced it: tesseract on Kvitt's server, or the configured vision model. */
  source: z.enum(['local', 'vision']),
});

export type OcrItem = z.infer<typeof ocrItem>;
export type OcrItemDiscount = z.infer<typeof ocrItemDiscount>;
export type OcrResult = z.infer<typeof ocrResult>;
