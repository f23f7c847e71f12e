import type { OcrResult } from '#shared/api/receipts.ts';
import { CURRENCIES, type Currency } from '#shared/domain/currency.ts';
import { formatOreText, parseOreText } from '#shared/domain/money.ts';
import type { ExpenseFormValues } from './expense-form.ts';

/** The step-1 fields a receipt reading can fill. */
export type ReadingField = 'amount' | 'expenseDate' | 'merchant' | 'category' | 'currency';
export const READING_FIELDS = [
  'amount',
  'expenseDate',
  'merchant',
  'category',
  'currency',
] as const satisfies readonly ReadingField[];

export type ReadingPatch = Partial<Pick<ExpenseFormValues, ReadingField>>;

const isCurrency = (code: string | null): code is Currency =>
  code !== null && (CURRENCIES as readonly string[]).includes(code);

/**
 * What "Använd uppgifterna" writes into the form: each field the reading found, as the form holds it. A currency
 * Kvitt does not offer is left out, so the amount is never saved in a currency the receipt did not use silently.
 */
export function readingPatch(result: OcrResult): ReadingPatch {
  const patch: ReadingPatch = {};
  if (result.totalOre !== null) patch.amount = formatOreText(result.totalOre);
  if (result.date !== null) patch.expenseDate = result.date;
  if (result.merchant !== null) patch.merchant = result.merchant;
  if (result.category !== null) patch.category = result.category;
  if (isCurrency(result.currency)) patch.currency = result.currency;
  return patch;
}

/** True when the form already holds the read value: "12,50" and "12.5" are the same amount, "ica" and "ICA" not. */
export function holdsReadValue(field: ReadingField, formValue: string, readValue: string): boolean {
  if (field === 'amount') {
    const typed = parseOreText(formValue);
    const read = parseOreText(readValue);
    return typed.ok && read.ok && typed.value.ore === read.value.ore;
  }
  if (field === 'merchant') return formValue.trim() === readValue;
  return formValue === readValue;
}

/**
 * The fields where the person typed something else than the receipt says. Only typed (dirty) values count: a
 * default such as today's date is not the person's word, so it is replaced without being shown as a conflict.
 */
export function typedConflicts(
  patch: ReadingPatch,
  values: Pick<ExpenseFormValues, ReadingField>,
  dirty: Partial<Record<ReadingField, boolean>>,
): ReadingField[] {
  return READING_FIELDS.filter((field) => {
    const read = patch[field];
    const current = values[field];
    return (
      read !== undefined && dirty[field] === true && current.trim() !== '' && !holdsReadValue(field, current, read)
    );
  });
}

/** True once every read value is in the form, i.e. applying again would change nothing. */
export function readingApplied(patch: ReadingPatch, values: Pick<ExpenseFormValues, ReadingField>): boolean {
  return READING_FIELDS.every((field) => {
    const read = patch[field];
    return read === undefined || holdsReadValue(field, values[field], read);
  });
}

/**
 * What a reading fills in by itself as soon as it arrives (decision 044): each read field the person has not typed
 * in, or has emptied. What the person typed stays; the panel shows it beside the read value and offers to replace it.
 */
export function autofillPatch(
  patch: ReadingPatch,
  values: Pick<ExpenseFormValues, ReadingField>,
  dirty: Partial<Record<ReadingField, boolean>>,
): ReadingPatch {
  const fill: ReadingPatch = {};
  for (const field of READING_FIELDS) {
    const read = patch[field];
    if (read === undefined || (dirty[field] === true && values[field].trim() !== '')) continue;
    Object.assign(fill, { [field]: read });
  }
  return fill;
}

/** The fields that still hold what the receipt said, to mark them as read from it until the person changes them. */
export function fieldsFromReading(filled: ReadingPatch, values: Pick<ExpenseFormValues, ReadingField>): ReadingField[] {
  return READING_FIELDS.filter((field) => {
    const read = filled[field];
    return read !== undefined && holdsReadValue(field, values[field], read);
  });
}
