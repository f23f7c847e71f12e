import { z } from 'zod';
import { CURRENCIES } from '../domain/currency.ts';
import type { SplitMethod } from '../domain/split.ts';
import { EXPENSE_SEARCH_MAX } from '../domain/expense-search.ts';
import {
  CATEGORY_MAX,
  isValidIsoDate,
  ITEM_TEXT_MAX,
  ITEMS_MAX,
  MAX_PARTICIPANTS,
  MAX_RATE_MICROS,
  MAX_SPLIT_VALUE,
  MAX_TOTAL_ORE,
  MERCHANT_MAX,
  MIN_RATE_MICROS,
  NOTE_MAX,
} from './expenses-limits.ts';
import { idParam } from './ids.ts';
import { multilineText, nameText, rawText, singleLineText } from './text.ts';

export * from './expenses-limits.ts';

// Messages are keys of sv.validation: the wire carries keys, the web shows the Swedish text.
export const isoDate = z.string({ error: 'dateInvalid' }).refine(isValidIsoDate, 'dateInvalid');
const totalOre = z
  .number({ error: 'amountInvalid' })
  .int('amountInvalid')
  .min(1, 'amountInvalid')
  .max(MAX_TOTAL_ORE, 'amountTooLarge');
const currency = z.enum(CURRENCIES, { error: 'currencyInvalid' });
export const splitMethod = z.enum([
  'equal',
  'weight',
  'absolute',
  'percent',
  'items',
] as const satisfies readonly SplitMethod[]);

export const splitParticipantInput = z.object({
  memberId: rawText().min(1),
  /**
   * What was typed, in hundredths: weight ×100, öre, or basis points. Omitted for equal, or to take the default. For
   * items: the share in öre the preview showed; required, and refused as SPLIT_MISMATCH unless the lines give it.
   */
  value: z
    .number({ error: 'shareInvalid' })
    .int('shareInvalid')
    .min(0, 'shareInvalid')
    .max(MAX_SPLIT_VALUE, 'shareInvalid')
    .optional(),
});

/** One receipt line of a split "Per rad" (decision 058), in öre of the expense's currency. */
export const expenseItemInput = z.object({
  /** What the line says ("Mjölk 1,5 l"); may be blank for a line typed by amount only. */
  text: singleLineText().max(ITEM_TEXT_MAX, 'max200'),
  /** What the line costs with its discounts and deposit; negative for a discount on its own. */
  amountOre: z
    .number({ error: 'amountInvalid' })
    .int('amountInvalid')
    .min(-MAX_TOTAL_ORE, 'amountTooLarge')
    .max(MAX_TOTAL_ORE, 'amountTooLarge'),
  /** Who took the line, each one of the split's participants; empty is refused as ITEM_UNASSIGNED. */
  memberIds: z.array(rawText().min(1)).max(MAX_PARTICIPANTS, 'participantsTooMany'),
});

export const expenseSplitInput = z.object({
  method: splitMethod,
  participants: z
    .array(splitParticipantInput, { error: 'participantsRequired' })
    .min(1, 'participantsRequired')
    .max(MAX_PARTICIPANTS, 'participantsTooMany'),
  /** The receipt's lines, for method items only. */
  items: z.array(expenseItemInput).max(ITEMS_MAX, 'itemsTooMany').optional(),
});

/** One of several payers: a member and what they paid, in öre of the expense's currency (decision 057). */
export const expensePayerInput = z.object({
  memberId: rawText('payerRequired').min(1, 'payerRequired'),
  amountOre: z
    .number({ error: 'amountInvalid' })
    .int('amountInvalid')
    .min(1, 'amountInvalid')
    .max(MAX_TOTAL_ORE, 'amountTooLarge'),
});

/**
 * The fields of an expense as the wizard and the edit dialog send them. Shares are never sent: the server computes
 * them from `split` with the same function the form's preview uses.
 */
const expenseFields = {
  totalOre,
  currency,
  expenseDate: isoDate,
  merchant: singleLineText().max(MERCHANT_MAX, 'max100').nullable(),
  category: nameText('categoryRequired', CATEGORY_MAX, 'max50'),
  note: multilineText().max(NOTE_MAX, 'max2000').nullable(),
  payerMemberId: rawText('payerRequired').min(1, 'payerRequired'),
  /**
   * Who paid how much, when several people paid: the amounts must add up to exactly `totalOre` (PAYERS_MISMATCH
   * otherwise) and `payerMemberId` must be one of them. Omitted: `payerMemberId` paid the whole total.
   */
  payers: z
    .array(expensePayerInput, { error: 'payerRequired' })
    .min(1, 'payerRequired')
    .max(MAX_PARTICIPANTS, 'participantsTooMany')
    .optional(),
  split: expenseSplitInput,
  /** A rate typed by hand (group currency per unit of `currency`, ×1 000 000); null lets the server look it up. */
  manualRateMicros: z
    .number({ error: 'rateInvalid' })
    .int('rateInvalid')
    .min(1, 'rateInvalid')
    .min(MIN_RATE_MICROS, 'rateOutOfRange')
    .max(MAX_RATE_MICROS, 'rateOutOfRange')
    .nullable(),
};

/** POST /api/groups/{groupId}/expenses. The client picks the id, so the preview's öre tie-break is the saved one. */
export const createExpenseBody = z.object({
  id: z.uuid(),
  ...expenseFields,
  /** From POST /api/groups/{groupId}/receipt-images, or null without an image. */
  imageId: z.uuid().nullable(),
});

/** PATCH /api/expenses/{expenseId}. `imageId` omitted keeps the image, null removes it, a new id replaces it. */
export const updateExpenseBody = z.object({ ...expenseFields, imageId: z.uuid().nullable().optional() });

export const expenseGroupParams = z.object({ groupId: idParam() });
export const expenseParams = z.object({ expenseId: idParam() });

/**
 * Where an expense's rate came from. `fallback`: saved at 1 before Kvitt refused expenses without a known rate; such
 * an expense is flagged until its payer sets a rate, and no new one is ever saved so (decision 035).
 */
export const rateSource = z.enum(['same', 'ecb', 'stored', 'manual', 'fallback']);

export const expenseShare = z.object({
  memberId: z.string(),
  /** Null when the membership has neither a profile nor a kept display name (shown as a former member). */
  name: z.string().nullable(),
  shareOre: z.number().int(),
  /** What was typed for this person (see splitParticipantInput.value); null for equal. */
  shareInput: z.number().int().nullable(),
});

/** What one payer paid, in öre of the expense's own currency. */
export const expensePayer = z.object({
  memberId: z.string(),
  /** Null when the membership has neither a profile nor a kept display name (shown as a former member). */
  name: z.string().nullable(),
  amountOre: z.number().int(),
});

export const expenseSummary = z.object({
  id: z.string(),
  groupId: z.string(),
  totalOre: z.number().int(),
  currency,
  /** Group currency per unit of `currency`, ×1 000 000, fixed when saved. */
  rateMicros: z.number().int(),
  rateDate: z.string().nullable(),
  rateSource,
  expenseDate: z.string(),
  merchant: z.string().nullable(),
  category: z.string(),
  note: z.string().nullable(),
  /** The main payer: whoever paid the most (decision 057). */
  payerMemberId: z.string(),
  payerName: z.string().nullable(),
  /** Everyone who paid, in the order members joined; one entry when one person paid the whole total. */
  payers: z.array(expensePayer),
  splitMethod: splitMethod,
  participantCount: z.number().int(),
  /** Same-origin URLs that only members of the group can load; null without an image. */
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** mayEditOrDeleteExpense allows the caller: the only case where edit and delete are offered. */
  canEdit: z.boolean(),
  createdAt: z.string(),
});

/** Expenses per page of GET /api/groups/{groupId}/expenses: 50 unless asked, at most 200. */
export const EXPENSE_PAGE_SIZE = 50;
export const EXPENSE_PAGE_MAX = 200;

/** GET /api/groups/{groupId}/expenses: one page, newest first (expense date, then saved time, then id). */
export const expenseListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(EXPENSE_PAGE_MAX).default(EXPENSE_PAGE_SIZE),
  /** `nextCursor` of the previous page; without it, the first page. */
  cursor: rawText().max(200).optional(),
  /** Only expenses of this category (a built-in value or a free-form one). */
  category: singleLineText().min(1).max(CATEGORY_MAX).optional(),
  /** `true`: only expenses with an image (the Bilagor tab). */
  hasImage: z.enum(['true', 'false']).optional(),
  /** Text in the merchant or the note, or an amount ("554" or "554,38"): see parseExpenseSearch. */
  q: singleLineText().max(EXPENSE_SEARCH_MAX).optional(),
});

export const expenseListResponse = z.object({
  expenses: z.array(expenseSummary),
  /** Pass as `cursor` to read the next, older page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Every category in use in the group, not only on this page, for the filter. Sent with the first page only. */
  categories: z.array(z.string()).optional(),
});

/** A saved receipt line: its text, what it cost in öre of the expense's currency, and who took it. */
export const expenseItem = z.object({ text: z.string(), amountOre: z.number().int(), memberIds: z.array(z.string()) });

export const expenseDetail = expenseSummary.extend({
  imageId: z.string().nullable(),
  shares: z.array(expenseShare),
  /** The receipt's lines in their order, when split "Per rad"; empty for every other method. */
  items: z.array(expenseItem),
});
export const expenseResponse = z.object({ expense: expenseDetail });

export const receiptImageResponse = z.object({ imageId: z.uuid() });

export const exchangeRateQuery = z.object({ from: currency, to: currency, date: isoDate });
/** GET /api/exchange-rates: the rate the server would save, or `none` (null rate) when no rate of the pair is known. */
export const exchangeRateResponse = z.object({
  rateMicros: z.number().int().nullable(),
  rateDate: z.string().nullable(),
  source: z.enum(['same', 'ecb', 'stored', 'none']),
});

export type CreateExpenseBody = z.infer<typeof createExpenseBody>;
export type UpdateExpenseBody = z.infer<typeof updateExpenseBody>;
export type ExpenseSplitInput = z.infer<typeof expenseSplitInput>;
export type ExpenseSummary = z.infer<typeof expenseSummary>;
export type ExpenseDetail = z.infer<typeof expenseDetail>;
export type ExpenseResponse = z.infer<typeof expenseResponse>;
export type ExpenseListResponse = z.infer<typeof expenseListResponse>;
export type ReceiptImageResponse = z.infer<typeof receiptImageResponse>;
export type ExpenseShare = z.infer<typeof expenseShare>;
export type ExpensePayer = z.infer<typeof expensePayer>;
export type ExpensePayerInput = z.infer<typeof expensePayerInput>;
export type ExpenseItem = z.infer<typeof expenseItem>;
export type ExpenseItemInput = z.infer<typeof expenseItemInput>;
export type RateSource = z.infer<typeof rateSource>;
export type ExchangeRateResponse = z.infer<typeof exchangeRateResponse>;
