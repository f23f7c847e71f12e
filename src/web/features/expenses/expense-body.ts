import type { UpdateExpenseBody } from '#shared/api/expenses.ts';
import { mainPayer } from '#shared/domain/payers.ts';
import { computeShares, type SplitInput } from '#shared/domain/split.ts';
import { CUSTOM_CATEGORY, DEFAULT_SPLIT_TEXT, type ExpenseFormValues, type ValuedMethod } from './expense-form.ts';
import { itemsBody, linesOf } from './item-lines.ts';
import { checkAmount, checkEntry, checkRate } from './number-text.ts';
import { typedPayers } from './payer-amounts.ts';

// The form's values turned into a split and a wire body: with the split arithmetic it is needed from the split step
// and on save, so the wizard's first step loads without it (decision 069).

/** A typed entry in hundredths (weight ×100, öre, basis points); blank takes the default, junk becomes -1 (refused). */
function entryValue(method: ValuedMethod, text: string | undefined, currency: string): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const checked = checkEntry(method, text, currency);
  return checked.ok ? checked.value : -1;
}

/** The split as the shared function wants it, in the order of `memberOrder` (the preview's and the server's input). */
export function splitInputOf(
  values: Pick<ExpenseFormValues, 'amount' | 'currency' | 'method' | 'participantIds' | 'splitValues' | 'items'>,
  memberOrder: readonly string[],
  seed: string,
): SplitInput {
  const chosen = new Set(values.participantIds);
  const { method, currency } = values;
  const valued = method === 'equal' || method === 'items' ? null : method;
  const typed = valued ? values.splitValues[valued] : {};
  const participants = memberOrder
    .filter((memberId) => chosen.has(memberId))
    .map((memberId) => ({
      memberId,
      value: valued ? entryValue(valued, typed[memberId] ?? DEFAULT_SPLIT_TEXT[valued], currency) : undefined,
    }));
  const amount = checkAmount(values.amount, currency);
  const total = (amount.ok ? amount.value : 0) as SplitInput['total'];
  if (method === 'items') return { method, total, participants, seed, lines: linesOf(values.items, currency) };
  return { method, total, participants, seed };
}

/**
 * The split as sent. For "Per rad" each person states the share the preview showed, and the server saves only
 * that (decision 058); the other methods send what was typed.
 */
function splitBody(split: SplitInput, values: ExpenseFormValues): UpdateExpenseBody['split'] {
  if (split.method === 'items') {
    const shown = computeShares(split).shares;
    return {
      method: 'items',
      participants: shown.map((share) => ({ memberId: share.memberId, value: share.amount })),
      items: itemsBody(
        values.items,
        values.currency,
        shown.map((share) => share.memberId),
      ),
    };
  }
  return {
    method: split.method,
    participants: split.participants.map(({ memberId, value }) =>
      value === undefined ? { memberId } : { memberId, value },
    ),
  };
}

/** The body both create and update send; shares are left to the server. */
export function toExpenseBody(
  values: ExpenseFormValues,
  groupCurrency: string,
  memberOrder: readonly string[],
  seed: string,
): Omit<UpdateExpenseBody, 'imageId'> {
  const split = splitInputOf(values, memberOrder, seed);
  const typedRate =
    values.currency !== groupCurrency && values.rateManual ? checkRate(values.rate, groupCurrency) : null;
  const manual = typedRate?.ok ? typedRate.value : null;
  // With several payers the one who paid the most is named main payer; a single payer's whole total is implied.
  const payers = values.severalPayers ? typedPayers(values, memberOrder).payers : [];
  const several = payers.length > 0 ? { payerMemberId: mainPayer(payers), payers } : {};
  return {
    totalOre: split.total,
    currency: values.currency,
    expenseDate: values.expenseDate,
    merchant: values.merchant.trim() || null,
    category: values.category === CUSTOM_CATEGORY ? values.customCategory.trim() : values.category,
    note: values.note.trim() || null,
    payerMemberId: values.payerMemberId,
    ...several,
    split: splitBody(split, values),
    manualRateMicros: manual,
  };
}

/** Why the form's split cannot be saved (the preview's problem), or null when it can. */
export function splitProblem(values: ExpenseFormValues, memberOrder: readonly string[], seed: string) {
  return computeShares(splitInputOf(values, memberOrder, seed)).problem;
}
