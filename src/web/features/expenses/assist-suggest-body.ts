import type { SuggestParticipantsBody } from '#shared/api/assist.ts';
import { isValidIsoDate } from '#shared/api/expenses-limits.ts';
import { checkExpenseAmount } from '#shared/domain/limit-checks.ts';
import { CUSTOM_CATEGORY, type ExpenseFormValues } from './expense-form.ts';
import { checkAmount, checkRate } from './number-text.ts';

type Values = Pick<
  ExpenseFormValues,
  'merchant' | 'category' | 'customCategory' | 'amount' | 'currency' | 'rate' | 'payerMemberId' | 'expenseDate'
>;

/**
 * What the suggestion is asked with, or null while merchant or category is empty. The amount is in the
 * group's currency, converted with the wizard's rate, because the group's history is kept in that currency; without
 * a rate it is sent as 0 (unknown), never counted 1:1 (decision 035).
 */
export function suggestionBody(values: Values, groupCurrency: string): SuggestParticipantsBody | null {
  const merchant = values.merchant.trim();
  const category = (values.category === CUSTOM_CATEGORY ? values.customCategory : values.category).trim();
  if (!merchant || !category) return null;
  const amount = checkAmount(values.amount, values.currency);
  const rate = values.currency === groupCurrency ? null : checkRate(values.rate, groupCurrency);
  // Unknown (0) rather than 1:1 without a rate, and rather than a converted amount past the limits (decision 036).
  const converted =
    amount.ok && rate?.ok ? checkExpenseAmount({ totalOre: amount.value, rateMicros: rate.value }) : null;
  const amountOre = !amount.ok ? 0 : rate === null ? amount.value : converted?.ok ? converted.value : 0;
  return {
    merchant,
    category,
    amountOre,
    ...(values.payerMemberId ? { payerMemberId: values.payerMemberId } : {}),
    ...(isValidIsoDate(values.expenseDate) ? { date: values.expenseDate } : {}),
  };
}
