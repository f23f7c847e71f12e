import type { OcrResult } from '#shared/api/receipts.ts';
import { parseOreText } from '#shared/domain/money.ts';
import { formatDate, formatMoney } from '#shared/format.ts';
import type { ReadingField } from './assist-reading.ts';
import { CUSTOM_CATEGORY, type ExpenseFormValues } from './expense-form.ts';
import { categoryLabel } from './labels.ts';

/** A read value as the panel shows it ("217,75 kr", "2024-03-15", "Mat"); null when the reader found nothing. */
export function readValueText(field: ReadingField, result: OcrResult, formCurrency: string): string | null {
  switch (field) {
    case 'amount':
      return result.totalOre === null ? null : formatMoney(result.totalOre, result.currency ?? formCurrency);
    case 'expenseDate':
      return result.date === null ? null : formatDate(result.date);
    case 'category':
      return result.category === null ? null : categoryLabel(result.category);
    default:
      return result[field];
  }
}

/** What the person has in a field now, in the same words, to show beside a differing read value. */
export function typedValueText(
  field: ReadingField,
  values: Pick<ExpenseFormValues, ReadingField | 'customCategory'>,
): string {
  switch (field) {
    case 'amount': {
      const typed = parseOreText(values.amount);
      return typed.ok ? formatMoney(typed.value.ore, values.currency) : values.amount;
    }
    case 'expenseDate':
      return formatDate(values.expenseDate);
    case 'category':
      return values.category === CUSTOM_CATEGORY ? values.customCategory.trim() : categoryLabel(values.category);
    default:
      return values[field].trim();
  }
}
