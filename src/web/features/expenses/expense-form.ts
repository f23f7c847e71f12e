import type { $ZodType } from 'zod/v4/core';
import { schemaResolver, type SchemaResolver } from '../../lib/schema-resolver.ts';
import { CATEGORIES, DEFAULT_CATEGORY } from '#shared/api/expenses-limits.ts';
import type { ExpenseDetail } from '#shared/api/expenses.ts';
import type { Currency } from '#shared/domain/currency.ts';
import { formatOreText } from '#shared/domain/money.ts';
import { formatRateText } from '#shared/domain/rate-text.ts';
import type { SplitMethod } from '#shared/domain/split.ts';
import { CUSTOM_CATEGORY } from './custom-category.ts';
import { rowsFromExpense, type ItemRow } from './item-lines.ts';
import { entryText } from './number-text.ts';

// Its own module, so the lazily loaded schema can use it without importing this file back.
export { CUSTOM_CATEGORY };

/** The methods with an entry per person; `items` has its lines instead. */
export type ValuedMethod = Exclude<SplitMethod, 'equal' | 'items'>;
/** What was typed per person, per method, so switching method and back keeps the entries. */
export type SplitTexts = Record<ValuedMethod, Record<string, string>>;

/** The wizard's and the edit dialog's form: text as typed, turned into the wire body only on save. */
export interface ExpenseFormValues {
  amount: string;
  currency: Currency;
  expenseDate: string;
  merchant: string;
  category: string;
  customCategory: string;
  note: string;
  payerMemberId: string;
  /** "Flera betalare" is open: `payerAmounts` say who paid how much, and the payer select is hidden (decision 057). */
  severalPayers: boolean;
  /** What each person paid, as typed, by member id; read only while `severalPayers`. */
  payerAmounts: Record<string, string>;
  /**
   * The exchange rate as shown; sent only when `rateManual`, otherwise the server looks it up itself. Empty while no
   * rate is known: a foreign-currency expense is never saved without a rate someone chose (decision 035).
   */
  rate: string;
  rateManual: boolean;
  imageId: string | null;
  participantIds: string[];
  method: SplitMethod;
  splitValues: SplitTexts;
  /** The receipt's lines for "Per rad"; kept while another method is chosen, sent only with `items`. */
  items: ItemRow[];
}

/** Fields of each wizard step, validated before the next step opens. */
export const STEP_FIELDS = [
  [
    'amount',
    'currency',
    'expenseDate',
    'merchant',
    'category',
    'customCategory',
    'note',
    'payerMemberId',
    'payerAmounts',
    'rate',
  ],
  ['participantIds'],
  [],
] as const satisfies ReadonlyArray<ReadonlyArray<keyof ExpenseFormValues>>;

/** The defaults of a person's entry: weight 1, 0 kr, 0 %. */
export const DEFAULT_SPLIT_TEXT: Record<ValuedMethod, string> = { weight: '1', absolute: '0', percent: '0' };

/** One resolver per group currency, kept for the page's life, so its schema is built and compiled once. */
const resolvers = new Map<string, SchemaResolver<ExpenseFormValues>>();

/**
 * The form's resolver: expenseFormSchema through the one lazy schemaResolver, so zod and the schema stay off the
 * page's first load (~27 kB, decision 007).
 */
export function expenseFormResolver(groupCurrency: string): SchemaResolver<ExpenseFormValues> {
  let resolver = resolvers.get(groupCurrency);
  // The schema is loose: it checks the fields it names and passes the form's other values (split, image) through.
  if (!resolver)
    resolvers.set(
      groupCurrency,
      (resolver = schemaResolver(() =>
        import('./expense-form-schema.ts').then(
          (m) => m.expenseFormSchema(groupCurrency) as unknown as $ZodType<ExpenseFormValues, ExpenseFormValues>,
        ),
      )),
    );
  return resolver;
}

/** Fetches zod and the form's schema ahead of the first check, e.g. as the form mounts. */
export function preloadExpenseSchema(): void {
  expenseFormResolver('SEK').preload();
}

export function emptySplitTexts(): SplitTexts {
  return { weight: {}, absolute: {}, percent: {} };
}

/** A fresh expense: today, the group currency, category mat, paid by the caller, shared equally by everyone. */
export function newExpenseValues(input: {
  currency: Currency;
  today: string;
  myMemberId: string;
  memberIds: string[];
}): ExpenseFormValues {
  return {
    amount: '',
    currency: input.currency,
    expenseDate: input.today,
    merchant: '',
    category: DEFAULT_CATEGORY,
    customCategory: '',
    note: '',
    payerMemberId: input.myMemberId,
    severalPayers: false,
    payerAmounts: {},
    rate: '',
    rateManual: false,
    imageId: null,
    participantIds: input.memberIds,
    method: 'equal',
    splitValues: emptySplitTexts(),
    items: [],
  };
}

const isBuiltIn = (category: string) => (CATEGORIES as readonly string[]).includes(category);

/** The edit dialog's starting values: what was saved, with each person's typed entry back in its field. */
export function valuesFromExpense(expense: ExpenseDetail): ExpenseFormValues {
  const splitValues = emptySplitTexts();
  const method = expense.splitMethod;
  if (method !== 'equal' && method !== 'items') {
    for (const share of expense.shares) {
      if (share.shareInput !== null) splitValues[method][share.memberId] = entryText(method, share.shareInput);
    }
  }
  return {
    amount: formatOreText(expense.totalOre),
    currency: expense.currency,
    expenseDate: expense.expenseDate,
    merchant: expense.merchant ?? '',
    category: isBuiltIn(expense.category) ? expense.category : CUSTOM_CATEGORY,
    customCategory: isBuiltIn(expense.category) ? '' : expense.category,
    note: expense.note ?? '',
    payerMemberId: expense.payerMemberId,
    severalPayers: expense.payers.length > 1,
    payerAmounts:
      expense.payers.length > 1
        ? Object.fromEntries(expense.payers.map((payer) => [payer.memberId, formatOreText(payer.amountOre)]))
        : {},
    // A rate saved as `fallback` (1, when no rate was known) is no rate: the field asks for one (decision 035).
    rate: expense.rateSource === 'same' || expense.rateSource === 'fallback' ? '' : formatRateText(expense.rateMicros),
    rateManual: expense.rateSource === 'manual',
    imageId: expense.imageId,
    participantIds: expense.shares.map((share) => share.memberId),
    method: expense.splitMethod,
    splitValues,
    items: rowsFromExpense(expense.items),
  };
}
