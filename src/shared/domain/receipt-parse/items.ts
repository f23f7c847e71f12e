import { ore } from '../money.ts';
import { findAmounts } from './amounts.ts';
import { classifyLine } from './keywords.ts';
import { letterCount } from './lines.ts';
import type { Line } from './lines.ts';
import type { ReceiptItem } from './types.ts';

// A quantity or weight detail under an article ("2 st x 22,00", "0,256 kg x 89,00 kr/kg"), not an article.
const DETAIL = /^(?:\d+(?:[.,]\d+)?\s*(?:st|stk|x|kpl|pcs|kg|g|l)\b|[x*à@]\s*\d)|\bkr\/kg\b|\/kg\b|\bà\b/i;
// What may follow the line total: a VAT class letter, a star, a quantity marker.
const TRAILER = /^\s*(?:[A-Z0-9*#]{0,2}|[x*]\s?[A-Z0-9]?)\s*$/i;
const STOP_CLASSES = new Set(['payable', 'total', 'subtotal']);
const SKIP_CLASSES = new Set(['vat', 'card', 'cash', 'change', 'rounding', 'tip']);
const MAX_ITEMS = 100;

function cleanDescription(text: string): string {
  return text
    .replace(/\s+\d+(?:[.,]\d+)?\s*(?:st|stk|x|kpl|pcs)\s*$/i, '')
    .replace(/[\s*:=|.-]+$/, '')
    .trim();
}

/** One article line, or null when the line is a detail, a header or carries no line total at its end. */
function itemFromLine(line: Line, previous: Line | undefined): ReceiptItem | null {
  const amounts = findAmounts(line.text);
  const last = amounts.at(-1);
  const first = amounts[0];
  if (!last || !first || !TRAILER.test(line.text.slice(last.end))) return null;
  let description = cleanDescription(line.text.slice(0, first.start));
  if (DETAIL.test(description)) return null;
  if (letterCount(description) < 2 && previous && findAmounts(previous.text).length === 0) {
    description = cleanDescription(previous.text);
  }
  if (letterCount(description) < 2 || DETAIL.test(description)) return null;
  const discount = classifyLine(line.key) === 'discount';
  const amount = discount ? -Math.abs(last.ore) : last.ore;
  return { description, amountOre: ore(amount) };
}

/**
 * The articles of a receipt with their line totals in öre, read from the lines before the first total line.
 * Discounts come out negative, so the items of a clean receipt add up to its total.
 */
export function findItems(lines: readonly Line[]): ReceiptItem[] {
  const items: ReceiptItem[] = [];
  for (let i = 0; i < lines.length && items.length < MAX_ITEMS; i += 1) {
    const line = lines[i] as Line;
    const cls = classifyLine(line.key);
    if (cls !== null && STOP_CLASSES.has(cls)) {
      if (items.length > 0) break;
      continue;
    }
    if (cls !== null && SKIP_CLASSES.has(cls)) continue;
    const item = itemFromLine(line, lines[i - 1]);
    if (item) items.push(item);
  }
  return items;
}
