import { ore } from '../money.ts';
import type { ReceiptItem, TotalSource } from './types.ts';

// Digits thermal print and OCR take for one another: the closed and open loops of 0, 3, 5, 6, 8 and 9, and 1/4/7.
const LOOKALIKES: Record<string, string> = {
  '0': '689',
  '1': '47',
  '3': '89',
  '4': '1',
  '5': '68',
  '6': '058',
  '7': '1',
  '8': '0369',
  '9': '038',
};
// Sources that read the total from the paper rather than from the lines themselves.
const READ_FROM_PAPER = new Set<TotalSource>(['payable', 'total', 'card', 'cash-change', 'vat', 'rounded']);

const zerosAtEnd = (value: number) => /0*$/.exec(String(Math.abs(value)))?.[0].length ?? 0;

/**
 * Lines that miss a total read twice on the paper by one misread digit of one line's printed price, set right when
 * exactly one lookalike digit in exactly one line makes them add up, or exactly one such fix makes a price rounder
 * (decision 043). A total read once, or several equal ways to make the lines add up, leaves the lines as read; the caller says they do not add up then.
 */
export function repairOneDigit(
  items: readonly ReceiptItem[],
  totalOre: number | null,
  sources: readonly TotalSource[],
): ReceiptItem[] | null {
  if (totalOre === null || items.length < 2 || sources.filter((s) => READ_FROM_PAPER.has(s)).length < 2) return null;
  const missing = totalOre - items.reduce((sum, item) => sum + item.amountOre, 0);
  if (missing === 0) return null;
  const fixes: Array<{ index: number; priceOre: number; rounder: boolean }> = [];
  for (const [index, item] of items.entries()) {
    const digits = String(Math.abs(item.priceOre));
    for (let at = 0; at < digits.length; at += 1) {
      for (const other of LOOKALIKES[digits[at] ?? ''] ?? '') {
        if (at === 0 && other === '0' && digits.length > 1) continue;
        const price = Math.sign(item.priceOre) * Number(digits.slice(0, at) + other + digits.slice(at + 1));
        if (price - item.priceOre !== missing) continue;
        fixes.push({ index, priceOre: price, rounder: zerosAtEnd(price) > zerosAtEnd(item.priceOre) });
      }
    }
  }
  // Prices end in round öre ("69,00", "119,90"): of several fixes, the only one that makes a price rounder wins.
  const rounder = fixes.filter((f) => f.rounder);
  const fix = fixes.length === 1 ? fixes[0] : rounder.length === 1 ? rounder[0] : undefined;
  if (fix === undefined) return null;
  const { index, priceOre } = fix;
  return items.map((item, i) =>
    i === index
      ? { ...item, priceOre: ore(priceOre), amountOre: ore(item.amountOre + priceOre - item.priceOre) }
      : item,
  );
}
