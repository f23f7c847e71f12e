import { RATE_ONE } from '#shared/domain/currency.ts';
import { AMOUNT_PROBLEM_FIELD, checkExpenseAmount } from '#shared/domain/limit-checks.ts';
import { DEFAULT_SPLIT_VALUE, splitExpense } from '#shared/domain/split.ts';
import type { ExpenseSplitInput, RateSource, UpdateExpenseBody } from '#shared/api/expenses.ts';
import { ore } from '#shared/domain/money.ts';
import { checkPayers, mainPayer, singlePayer } from '#shared/domain/payers.ts';
import type { PayerAmount } from '#shared/domain/payers.ts';
import { AppError, unwrap } from '../../lib/errors.ts';
import type { ExchangeRates } from '../../lib/exchange-rates/exchange-rates.ts';
import { itemizedShares, refuseStrayItems } from './items.ts';
import type { GroupMember, NewShare, Expense } from './repo.ts';

type PayersInput = Pick<UpdateExpenseBody, 'payerMemberId' | 'payers' | 'totalOre'>;
type PeopleInput = PayersInput & { split: ExpenseSplitInput };

/**
 * Who paid how much, checked (decision 057): the payers sent, or without them the payer alone for the whole total.
 * Amounts that miss the total are PAYERS_MISMATCH; a payer listed twice, or a payerMemberId not among the payers,
 * is a bad request.
 */
export function payersOf(input: PayersInput): PayerAmount[] {
  const payers = input.payers ?? singlePayer(input.payerMemberId, input.totalOre);
  const checked = checkPayers(input.totalOre, payers);
  if (!checked.ok && checked.code === 'PAYERS_MISMATCH')
    throw new AppError('PAYERS_MISMATCH', { payers: 'payersMismatch' });
  if (!checked.ok) throw new AppError('VALIDATION', { payers: 'invalid' });
  if (!checked.value.some((payer) => payer.memberId === input.payerMemberId))
    throw new AppError('VALIDATION', { payerMemberId: 'invalid' });
  return checked.value;
}

/**
 * Every payer and every participant must be members of the group. Removed members are accepted only where `kept`
 * lists them (the people already on an expense being edited), so an edit never has to drop a former member.
 */
export function checkPeople(
  members: readonly GroupMember[],
  input: PeopleInput,
  kept: ReadonlySet<string> = new Set(),
): void {
  const allowed = new Set(members.filter((member) => member.active || kept.has(member.id)).map((member) => member.id));
  if (!allowed.has(input.payerMemberId)) throw new AppError('VALIDATION', { payerMemberId: 'payerRequired' });
  if (input.payers?.some((payer) => !allowed.has(payer.memberId)))
    throw new AppError('VALIDATION', { payers: 'invalid' });
  if (input.split.participants.some((participant) => !allowed.has(participant.memberId))) {
    throw new AppError('VALIDATION', { 'split.participants': 'invalid' });
  }
}

/**
 * Computes the shares on the server from what was typed, with the same function as the form's preview; the client
 * never sends shares. `shareInput` keeps what was typed (or the method's default) so the edit form shows it again.
 */
export function computeStoredShares(totalOre: number, split: ExpenseSplitInput, seed: string): NewShare[] {
  if (split.method === 'items') return itemizedShares(totalOre, split, seed);
  refuseStrayItems(split);
  const method = split.method;
  const participants = split.participants.map((p) => ({
    memberId: p.memberId,
    value: method === 'equal' ? undefined : p.value,
  }));
  const shares = unwrap(splitExpense({ method, total: ore(totalOre), participants, seed }));
  return shares.map((share, i) => ({
    memberId: share.memberId,
    shareType: method,
    shareInput: method === 'equal' ? null : (participants[i]?.value ?? DEFAULT_SPLIT_VALUE[method]),
    shareOre: share.amount,
  }));
}

export type StoredRate = { rateMicros: number; rateDate: string | null; rateSource: RateSource };

type RateInput = { currency: string; expenseDate: string; manualRateMicros: number | null };

/**
 * The rate saved with an expense: 1 in the group's own currency; a typed rate as `manual`; on edit, the stored rate
 * while currency and date stay the same (balances never move by themselves), unless it was saved as `fallback`
 * without a known rate; otherwise the ECB rate of the date, or the last known one. With none of these the expense is
 * refused: another currency never counts 1:1 (decision 035).
 */
export async function rateFor(
  rates: ExchangeRates,
  groupCurrency: string,
  input: RateInput,
  previous?: Expense,
): Promise<StoredRate> {
  if (input.currency === groupCurrency) return { rateMicros: RATE_ONE, rateDate: null, rateSource: 'same' };
  if (input.manualRateMicros !== null)
    return { rateMicros: input.manualRateMicros, rateDate: null, rateSource: 'manual' };
  if (
    previous &&
    previous.currency === input.currency &&
    previous.expenseDate === input.expenseDate &&
    previous.rateSource !== 'same' &&
    previous.rateSource !== 'fallback'
  ) {
    return { rateMicros: previous.rateMicros, rateDate: previous.rateDate, rateSource: previous.rateSource };
  }
  const quote = await rates.quote(input.currency, groupCurrency, input.expenseDate);
  if (quote.source === 'none') throw new AppError('EXCHANGE_RATE_MISSING', { manualRateMicros: 'rateRequired' });
  return { rateMicros: quote.rateMicros, rateDate: quote.rateDate, rateSource: quote.source };
}

/**
 * The total and the rate it is saved at must stay within the limits of decision 036, converted total included:
 * otherwise 400 VALIDATION on the field to correct, before anything is written.
 */
export function checkAmount(totalOre: number, rate: StoredRate): void {
  const checked = checkExpenseAmount({ totalOre, rateMicros: rate.rateMicros });
  if (!checked.ok) throw new AppError('VALIDATION', { [AMOUNT_PROBLEM_FIELD[checked.code]]: checked.code });
}

const AUDITED = ['totalOre', 'currency', 'merchant', 'category'] as const;
type Audited = Pick<Expense, (typeof AUDITED)[number]> & { payers: ReadonlyArray<PayerAmount> };

/** Payers as the audit log keeps them: member and amount only, in the order given. */
const auditedPayers = (payers: ReadonlyArray<PayerAmount>) =>
  payers.map((payer) => ({ memberId: payer.memberId, amountOre: payer.amountOre }));
const samePayers = (a: ReadonlyArray<PayerAmount>, b: ReadonlyArray<PayerAmount>) => {
  const key = (list: ReadonlyArray<PayerAmount>) =>
    JSON.stringify(auditedPayers(list).sort((x, y) => (x.memberId < y.memberId ? -1 : 1)));
  return key(a) === key(b);
};

/**
 * Whether who paid is worth a line in the audit: when several people paid before or after and the payers or their
 * amounts changed, or when an expense's one payer became someone else (decision 057). One payer's amount follows the
 * total, which is audited already.
 */
function payersChanged(before: Audited | null, after: Audited | null): boolean {
  const [from, to] = [before?.payers ?? [], after?.payers ?? []];
  if (from.length <= 1 && to.length <= 1)
    return before !== null && after !== null && from[0]?.memberId !== to[0]?.memberId;
  return !samePayers(from, to);
}

/**
 * The audit diff: each audited field that changed, as { from, to }, plus who paid how much when that changed
 * (payersChanged); null before (create) or after (delete) means all.
 */
export function auditDiff(
  before: Audited | null,
  after: Audited | null,
): Record<string, { from: unknown; to: unknown }> {
  const diff: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of AUDITED) {
    const from = before ? before[field] : null;
    const to = after ? after[field] : null;
    if (before === null || after === null || from !== to) diff[field] = { from, to };
  }
  if (payersChanged(before, after)) {
    diff.payers = {
      from: before ? auditedPayers(before.payers) : null,
      to: after ? auditedPayers(after.payers) : null,
    };
  }
  return diff;
}

type TypedFields = Pick<
  UpdateExpenseBody,
  'totalOre' | 'currency' | 'expenseDate' | 'merchant' | 'category' | 'note' | 'split'
>;

/**
 * The columns an expense is saved with, on create and on edit alike, from what was typed, its checked payers and its
 * rate; the main payer is whoever paid the most (decision 057).
 */
export function expenseFields(body: TypedFields, payers: ReadonlyArray<PayerAmount>, rate: StoredRate) {
  return {
    payerMemberId: mainPayer(payers),
    totalOre: ore(body.totalOre),
    currency: body.currency,
    ...rate,
    expenseDate: body.expenseDate,
    merchant: blankToNull(body.merchant),
    category: body.category.trim(),
    note: blankToNull(body.note),
    splitMethod: body.split.method,
  };
}

/** Blank text is no text: stored as null, as every empty optional value is. */
export const blankToNull = (value: string | null): string | null => (value && value.trim() ? value.trim() : null);

/** The upload id an image key ends with (keys are made by the server: `receipts/<groupId>/<imageId>`). */
export const imageIdOf = (imageKey: string | null): string | null =>
  imageKey ? (imageKey.split('/').at(-1) ?? null) : null;
