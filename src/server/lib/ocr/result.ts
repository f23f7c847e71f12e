import type { OcrResult } from '#shared/api/receipts.ts';
import { MERCHANT_MAX } from '#shared/api/expenses.ts';
import { OCR_ITEMS_MAX, OCR_ITEM_DESCRIPTION_MAX } from '#shared/api/receipts.ts';
import type { ParsedReceipt } from '#shared/domain/receipt-parse/index.ts';

/**
 * The merchant worth showing: a line that merely reads like a name counts only beside a total or a date, since a
 * page of noise (a blank or blurred photo) reads as a few word-like lines and nothing else.
 */
function merchantOf(parsed: ParsedReceipt): string | null {
  if (!parsed.merchant) return null;
  const alone = parsed.totalOre === null && parsed.date === null && parsed.merchantSource === 'header';
  return alone ? null : parsed.merchant.slice(0, MERCHANT_MAX);
}

/** The wire shape of a parsed receipt, with texts cut to the schema's limits. */
export function toOcrResult(parsed: ParsedReceipt, source: OcrResult['source']): OcrResult {
  return {
    totalOre: parsed.totalOre !== null && parsed.totalOre > 0 ? parsed.totalOre : null,
    date: parsed.date,
    merchant: merchantOf(parsed),
    category: parsed.category,
    currency: parsed.currency,
    items: parsed.items.slice(0, OCR_ITEMS_MAX).map((item) => ({
      description: item.description.slice(0, OCR_ITEM_DESCRIPTION_MAX),
      amountOre: item.amountOre,
      priceOre: item.priceOre,
      quantity: item.quantity?.slice(0, OCR_ITEM_DESCRIPTION_MAX) ?? null,
      discounts: item.discounts.slice(0, 10).map((d) => ({
        description: d.description.slice(0, OCR_ITEM_DESCRIPTION_MAX),
        amountOre: d.amountOre,
      })),
      depositOre: item.depositOre,
    })),
    itemsSumToTotal: parsed.itemsSumToTotal && parsed.items.length <= OCR_ITEMS_MAX,
    source,
  };
}

/** True when a reading holds nothing the wizard could fill in, so the user is asked for a better photo. */
export function isEmptyResult(result: OcrResult): boolean {
  return result.totalOre === null && result.date === null && result.merchant === null;
}
