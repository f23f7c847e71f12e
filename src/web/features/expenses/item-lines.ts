import type { ExpenseItem, ExpenseItemInput } from '#shared/api/expenses.ts';
import type { OcrItem } from '#shared/api/receipts.ts';
import type { ItemLine } from '#shared/domain/itemized-split.ts';
import { formatOreText } from '#shared/domain/money.ts';
import type { UseFormReturn } from 'react-hook-form';
import type { ExpenseFormValues } from './expense-form.ts';
import { checkLineAmount } from './number-text.ts';

/** A receipt line in the form, as typed: its text, its amount as text, and who took it (decision 058). */
export interface ItemRow {
  text: string;
  amount: string;
  memberIds: string[];
}

export const emptyItemRow = (): ItemRow => ({ text: '', amount: '', memberIds: [] });

/** The lines the receipt reader found, each with its discounts and deposit in its amount, taken by nobody yet. */
export function rowsFromReading(items: readonly OcrItem[]): ItemRow[] {
  return items.map((item) => ({ text: item.description, amount: formatOreText(item.amountOre), memberIds: [] }));
}

/** A saved expense's lines back in the form, with who took each. */
export function rowsFromExpense(items: readonly ExpenseItem[]): ItemRow[] {
  return items.map((item) => ({
    text: item.text,
    amount: formatOreText(item.amountOre),
    memberIds: [...item.memberIds],
  }));
}

/** The lines as the shared split reads them; an amount that cannot be read is NaN, which the split refuses. */
export function linesOf(rows: readonly ItemRow[], currency: string): ItemLine[] {
  return rows.map((row) => {
    const amount = checkLineAmount(row.amount, currency);
    return { amountOre: amount.ok ? amount.value : Number.NaN, memberIds: row.memberIds };
  });
}

/**
 * The lines as the request sends them, called only when the preview found nothing to refuse. A name tapped on a line
 * and then left out of the participants is dropped, as the preview drops it.
 */
export function itemsBody(
  rows: readonly ItemRow[],
  currency: string,
  participantIds: readonly string[],
): ExpenseItemInput[] {
  const lines = linesOf(rows, currency);
  const taking = new Set(participantIds);
  return rows.map((row, i) => ({
    text: row.text.trim(),
    amountOre: lines[i]?.amountOre ?? 0,
    memberIds: row.memberIds.filter((memberId) => taking.has(memberId)),
  }));
}

/**
 * Puts the lines a receipt reading found into the form, unless the person has already typed or tapped in the lines:
 * their own work is never replaced. Answers whether the lines were filled.
 */
export function fillItemsFromReading(form: UseFormReturn<ExpenseFormValues>, items: readonly OcrItem[]): boolean {
  if (items.length === 0 || form.getFieldState('items').isDirty) return false;
  form.setValue('items', rowsFromReading(items), { shouldDirty: false });
  return true;
}
