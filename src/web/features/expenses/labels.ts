import type { ExpenseSummary } from '#shared/api/expenses.ts';
import { formatList } from '#shared/format.ts';
import { fill } from '#shared/i18n/sv.ts';
import * as sv from '#shared/i18n/sv.ts';

const categories: Record<string, string> = sv.expenses.categories;
const plural = new Intl.PluralRules('sv-SE');

/** A built-in category in Swedish ("Mat"); a free-form one as typed. */
export const categoryLabel = (category: string): string => categories[category] ?? category;

/** The merchant, or "Utgift" when none was given. */
export const merchantLabel = (expense: Pick<ExpenseSummary, 'merchant'>): string =>
  expense.merchant ?? sv.expenses.expenseFallback;

/** "1 deltagare", "3 deltagare": through the plural rules even where Swedish happens to use one form. */
export function participantsText(count: number): string {
  const forms = sv.expenses.list.participants;
  return fill(plural.select(count) === 'one' ? forms.one : forms.other, { count });
}

/** "Betalt av Anna", or with several payers "Betalt av Anna och Bo" (decision 057). */
export function paidByText(expense: Pick<ExpenseSummary, 'payerName' | 'payers'>): string {
  const names =
    expense.payers.length > 1
      ? expense.payers.map((payer) => payer.name ?? sv.expenses.formerMember)
      : [expense.payerName ?? sv.expenses.formerMember];
  return fill(sv.expenses.list.paidBy, { name: formatList(names) });
}
