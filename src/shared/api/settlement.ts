import { z } from 'zod';
import { CURRENCIES } from '../domain/currency.ts';
import { isoDate } from './expenses.ts';
import { idParam } from './ids.ts';
import { MAX_TOTAL_ORE, MAX_TRANSFER_THRESHOLD_ORE, PAYMENT_METHODS, PAYMENT_NOTE_MAX } from './settlement-limits.ts';
import { multilineText, rawText } from './text.ts';

export * from './settlement-limits.ts';

// Money is whole öre of the group currency unless a field says otherwise; dates are YYYY-MM-DD, instants ISO.
const ore = z.number().int();
const isoInstant = z.string();

export const settlementParams = z.object({ groupId: idParam() });

/** One member's balance. `name` is null only when the person's account is gone without a kept name. */
export const memberBalance = z.object({
  memberId: z.string(),
  userId: z.string().nullable(),
  name: z.string().nullable(),
  balanceOre: ore,
  /** Set for a member who left or was removed; they stay listed while their balance is not zero. */
  removed: z.boolean(),
});

/** GET /groups/{groupId}/balances: what the Balance tab shows. */
export const balancesResponse = z.object({
  currency: z.enum(CURRENCIES),
  isSettled: z.boolean(),
  settledAt: isoInstant.nullable(),
  expenseCount: z.number().int(),
  /** Expenses in another currency than the group's, converted at the rate stored with each expense. */
  convertedExpenseCount: z.number().int(),
  /**
   * Expenses in another currency saved at 1 because no rate was known (`fallback`): counted 1:1 until their payer
   * sets a rate, so the tab says the balances are not right yet (decision 035).
   */
  unratedExpenseCount: z.number().int(),
  balances: z.array(memberBalance),
  /** Proposed transfers below this are left out of the proposal and stated as such; 0 shows all (decision 059). */
  minTransferOre: ore,
});

/** A proposed payment: `from` owes and pays `to`. */
export const proposedTransfer = z.object({
  fromMemberId: z.string(),
  fromUserId: z.string().nullable(),
  fromName: z.string().nullable(),
  toMemberId: z.string(),
  toUserId: z.string().nullable(),
  toName: z.string().nullable(),
  /** The recipient's phone from their profile, for Swish; null when they have not added one. */
  toPhone: z.string().nullable(),
  amountOre: ore,
  /**
   * The caller may mark it paid: they are the payer, or the payer has left the group or has no account and they are
   * the recipient (or, when neither side has an account, any member).
   */
  canMarkPaid: z.boolean(),
  /** The caller is the recipient and may remind the payer ("Påminn", at most once a day). */
  canRemind: z.boolean(),
});

/** A payment made: a proposed transfer marked paid, or a payment between any two members recorded by hand. */
export const recordedPayment = z.object({
  id: z.string(),
  /** 'proposed': marked paid from the proposal; 'recorded': typed in with "Registrera betalning" (decision 059). */
  kind: z.enum(['proposed', 'recorded']),
  fromMemberId: z.string(),
  fromName: z.string().nullable(),
  toMemberId: z.string(),
  toName: z.string().nullable(),
  amountOre: ore,
  currency: z.enum(CURRENCIES),
  /** How the money went, when the person recording it said. */
  method: z.enum(PAYMENT_METHODS).nullable(),
  /** The day the money changed hands (YYYY-MM-DD). */
  paidOn: z.string(),
  note: z.string().nullable(),
  /** Who saved it; null when unknown (saved before this was kept) or their account is gone without a kept name. */
  recordedByName: z.string().nullable(),
  /** When it was saved. */
  paidAt: isoInstant,
  /** The caller may delete it: one of its two members or the owner, while the group is open. */
  canDelete: z.boolean(),
});

/** One expense of the breakdown, its shares converted to the group currency exactly as the balances count them. */
export const breakdownExpense = z.object({
  expenseId: z.string(),
  merchant: z.string().nullable(),
  date: z.string(),
  /** The main payer: whoever paid the most. */
  payerMemberId: z.string(),
  payerName: z.string().nullable(),
  /** Everyone who paid, in the group currency, converted as the balances count them (decision 057). */
  payers: z.array(z.object({ memberId: z.string(), name: z.string().nullable(), amountOre: ore })),
  /** Amount and currency as entered on the expense. */
  totalOre: ore,
  currency: z.enum(CURRENCIES),
  /** The same amount in the group currency at the expense's stored rate. */
  groupTotalOre: ore,
  shares: z.array(z.object({ memberId: z.string(), name: z.string().nullable(), amountOre: ore })),
});

export const breakdownPage = z.object({
  expenses: z.array(breakdownExpense),
  /** Pass as `cursor` to read the next, older page; null on the last page. */
  nextCursor: z.string().nullable(),
});

export const BREAKDOWN_PAGE_SIZE = 50;

export const breakdownQuery = z.object({ cursor: rawText().max(200).optional() });

/** GET /groups/{groupId}/settlement: balances and the fewest transfers that settle them (decision 004) plus payments already made. */
export const settlementResponse = balancesResponse.extend({
  /** The caller's membership, so the page knows which transfers are theirs. */
  myMemberId: z.string(),
  /** The plan's transfers at or above minTransferOre, exactly as the fewest-transfer plan made them. */
  transfers: z.array(proposedTransfer),
  /** The plan's transfers below minTransferOre: how many and their sum, stated instead of shown. */
  omittedTransfers: z.object({ count: z.number().int(), totalOre: ore }),
  payments: z.array(recordedPayment),
  /** The newest expenses; further pages come from …/settlement/breakdown. */
  breakdown: breakdownPage,
});

/** POST /groups/{groupId}/settlements: the payer marks one proposed transfer as paid. */
export const markPaidBody = z.object({
  fromMemberId: rawText(),
  toMemberId: rawText(),
  amountOre: z.number().int().positive(),
});

export const markPaidResponse = z.object({
  payment: recordedPayment,
  /** False when the same transfer had already been recorded (a second tab, a double click): nothing was added. */
  created: z.boolean(),
  isSettled: z.boolean(),
});

/**
 * POST /groups/{groupId}/payments: "Registrera betalning", a payment of any amount between two members of the group,
 * in the group currency (decision 059). Messages are sv.validation keys.
 */
export const recordPaymentBody = z
  .object({
    fromMemberId: rawText('payerRequired').min(1, 'payerRequired'),
    toMemberId: rawText('recipientRequired').min(1, 'recipientRequired'),
    amountOre: z
      .number({ error: 'amountInvalid' })
      .int('amountInvalid')
      .min(1, 'amountInvalid')
      .max(MAX_TOTAL_ORE, 'amountTooLarge'),
    /** Not after today in Sweden; checked by the server, which knows the day. */
    paidOn: isoDate,
    method: z.enum(PAYMENT_METHODS, { error: 'invalid' }),
    note: multilineText().max(PAYMENT_NOTE_MAX, 'max200').nullable(),
  })
  .refine((body) => body.fromMemberId !== body.toMemberId, { path: ['toMemberId'], message: 'sameMember' });

export const paymentParams = z.object({ groupId: idParam(), paymentId: idParam() });

export const recordPaymentResponse = z.object({ payment: recordedPayment, isSettled: z.boolean() });

/** DELETE …/payments/{paymentId}: the group's state after the payment is gone. */
export const deletePaymentResponse = z.object({ isSettled: z.boolean() });

/** PUT /groups/{groupId}/transfer-threshold: the owner's "leave out transfers below", 0 to show all. */
export const transferThresholdBody = z.object({
  minTransferOre: z
    .number({ error: 'thresholdInvalid' })
    .int('thresholdInvalid')
    .min(0, 'thresholdInvalid')
    .max(MAX_TRANSFER_THRESHOLD_ORE, 'thresholdInvalid'),
});

export const transferThresholdResponse = transferThresholdBody;

/** POST …/settle and …/reopen answer the group's new state. */
export const settledStateResponse = z.object({ isSettled: z.boolean(), settledAt: isoInstant.nullable() });

export type MemberBalanceDto = z.infer<typeof memberBalance>;
export type BalancesResponse = z.infer<typeof balancesResponse>;
export type ProposedTransfer = z.infer<typeof proposedTransfer>;
export type RecordedPayment = z.infer<typeof recordedPayment>;
export type BreakdownExpense = z.infer<typeof breakdownExpense>;
export type BreakdownPage = z.infer<typeof breakdownPage>;
export type SettlementResponse = z.infer<typeof settlementResponse>;
export type MarkPaidBody = z.infer<typeof markPaidBody>;
export type MarkPaidResponse = z.infer<typeof markPaidResponse>;
export type SettledStateResponse = z.infer<typeof settledStateResponse>;
export type RecordPaymentBody = z.infer<typeof recordPaymentBody>;
export type RecordPaymentResponse = z.infer<typeof recordPaymentResponse>;
export type DeletePaymentResponse = z.infer<typeof deletePaymentResponse>;
export type TransferThresholdBody = z.infer<typeof transferThresholdBody>;
