import type { SuggestParticipantsBody } from '#shared/api/assist.ts';
import { isValidIsoDate } from '#shared/api/expenses-limits.ts';
import { checkExpenseAmount } from '#shared/domain/limit-checks.ts';
import { parseOre } from '#shared/domain/money.ts';
import { parseRateMicros } from '#shared/domain/rate-text.ts';
import { CUSTOM_CATEGORY, type ExpenseFormValues } from './expense-form.ts';

type Values = Pick<
  ExpenseFormValues,
  'merchant' | 'category' | 'customCategory' | 'amount' | 'currency' | 'rate' | 'payerMemberId' | 'receiptDate'
>;

/**
 * What the suggestion is asked with, or null while merchant or category is empty (SPEC §5). The amount is in the
 * group's currency, converted with the wizard's rate, because the group's history is kept in that currency.
 */
export function suggestionBody(values: Values, groupCurrency: string): SuggestParticipantsBody | null {
  const merchant = values.merchant.trim();
  const category = (values.category === CUSTOM_CATEGORY ? values.customCategory : values.category).trim();
  if (!merchant || !category) return null;
  const amount = parseOre(values.amount) ?? 0;
  const micros = values.currency === groupCurrency ? null : parseRateMicros(values.rate);
  // An amount past the limits of decision 036 cannot be saved and is not converted (it could overflow): 0 instead.
  const converted = micros === null ? null : checkExpenseAmount({ totalOre: amount, rateMicros: micros });
  return {
    merchant,
    category,
    amountOre: Math.max(0, converted === null ? amount : converted.ok ? converted.value : 0),
    ...(values.payerMemberId ? { payerMemberId: values.payerMemberId } : {}),
    ...(isValidIsoDate(values.receiptDate) ? { date: values.receiptDate } : {}),
  };
}
