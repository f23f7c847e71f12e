import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { groupMembers, groups } from './groups.ts';

const ore = (name: string) => bigint(name, { mode: 'number' });
const SPLIT_METHODS = ['equal', 'weight', 'absolute', 'percent', 'items'] as const;

export const expenses = pgTable(
  'expenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    payerMemberId: uuid('payer_member_id')
      .notNull()
      .references(() => groupMembers.id),
    createdByMemberId: uuid('created_by_member_id')
      .notNull()
      .references(() => groupMembers.id),
    totalOre: ore('total_ore').notNull(),
    currency: text('currency').notNull(),
    /** Units of the group currency per unit of `currency`, ×1 000 000; fixed when saved so balances never drift. */
    rateMicros: bigint('rate_micros', { mode: 'number' }).notNull().default(1_000_000),
    rateDate: date('rate_date'),
    rateSource: text('rate_source', { enum: ['same', 'ecb', 'stored', 'manual', 'fallback'] })
      .notNull()
      .default('same'),
    expenseDate: date('expense_date').notNull(),
    merchant: text('merchant'),
    category: text('category').notNull().default('mat'),
    note: text('note'),
    splitMethod: text('split_method', { enum: SPLIT_METHODS }).notNull().default('equal'),
    imageKey: text('image_key'),
    thumbKey: text('thumb_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('expenses_group_date_idx').on(table.groupId, table.expenseDate),
    // The expense list filtered by category, page by page in its keyset order, and the categories in use.
    index('expenses_group_category_idx').on(
      table.groupId,
      table.category,
      table.expenseDate,
      table.createdAt,
      table.id,
    ),
    index('expenses_payer_idx').on(table.payerMemberId),
    index('expenses_created_by_idx').on(table.createdByMemberId),
    check('expenses_total_positive', sql`${table.totalOre} > 0`),
    check('expenses_rate_positive', sql`${table.rateMicros} > 0`),
    check(
      'expenses_split_method_check',
      sql`${table.splitMethod} in ('equal', 'weight', 'absolute', 'percent', 'items')`,
    ),
  ],
);

export const expenseShares = pgTable(
  'expense_shares',
  {
    expenseId: uuid('expense_id')
      .notNull()
      .references(() => expenses.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => groupMembers.id),
    shareType: text('share_type', { enum: SPLIT_METHODS }).notNull(),
    /** What was typed: weight ×100, öre, or basis points; null for equal. */
    shareInput: bigint('share_input', { mode: 'number' }),
    /** The computed share in öre of the expense's own currency. */
    shareOre: ore('share_ore').notNull(),
    /**
     * The share in öre of the group currency at the expense's rate, as `expenseInGroupCurrency` converts it, written
     * with the row (decision 078). Null until converted: a row of an older server or one whose expense's rate,
     * total or shares changed in place; the triggers then leave it out of the sums and balances convert it on read.
     */
    groupShareOre: ore('group_share_ore'),
  },
  (table) => [
    primaryKey({ columns: [table.expenseId, table.memberId] }),
    index('expense_shares_member_idx').on(table.memberId),
    index('expense_shares_unconverted_idx')
      .on(table.expenseId)
      .where(sql`${table.groupShareOre} is null`),
    check('expense_shares_non_negative', sql`${table.shareOre} >= 0`),
    check(
      'expense_shares_share_type_check',
      sql`${table.shareType} in ('equal', 'weight', 'absolute', 'percent', 'items')`,
    ),
  ],
);

/**
 * The receipt lines of an expense split "Per rad" (decision 058): what each line cost in öre of the expense's
 * currency (negative for a discount on its own) and who took it. The shares computed from them are stored in
 * expense_shares as for every method, so balances never read this table and it needs no ledger-version trigger;
 * it is only ever written together with the expense's shares.
 */
export const expenseItems = pgTable(
  'expense_items',
  {
    expenseId: uuid('expense_id')
      .notNull()
      .references(() => expenses.id, { onDelete: 'cascade' }),
    /** The line's place on the receipt, from 0. */
    position: integer('position').notNull(),
    text: text('text').notNull(),
    amountOre: ore('amount_ore').notNull(),
    /** Who took the line, each a participant of the expense (so their membership is held by expense_shares). */
    memberIds: uuid('member_ids').array().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.expenseId, table.position] }),
    check('expense_items_position_non_negative', sql`${table.position} >= 0`),
    check('expense_items_someone', sql`cardinality(${table.memberIds}) >= 1`),
  ],
);

/**
 * Who paid an expense and how much each, in öre of the expense's own currency (decision 057): one row for an
 * expense with one payer, several when several people paid. The amounts add up exactly to the expense's total;
 * `expenses.payer_member_id` names the main payer (the largest amount) for lists and the participant suggestion.
 */
export const expensePayers = pgTable(
  'expense_payers',
  {
    expenseId: uuid('expense_id')
      .notNull()
      .references(() => expenses.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => groupMembers.id),
    amountOre: ore('amount_ore').notNull(),
    /** What the payer paid in öre of the group currency; null until converted, as `groupShareOre` (decision 078). */
    groupAmountOre: ore('group_amount_ore'),
  },
  (table) => [
    primaryKey({ columns: [table.expenseId, table.memberId] }),
    index('expense_payers_member_idx').on(table.memberId),
    index('expense_payers_unconverted_idx')
      .on(table.expenseId)
      .where(sql`${table.groupAmountOre} is null`),
    check('expense_payers_amount_positive', sql`${table.amountOre} > 0`),
  ],
);

/**
 * A receipt image uploaded in the wizard and not yet attached to a saved expense (decision 032). The row says who
 * uploaded it to which group, so group and account deletion can find its files; saving the expense removes the row
 * in the same transaction, and a periodic sweep deletes rows and files left for more than a day.
 */
export const receiptUploads = pgTable(
  'receipt_uploads',
  {
    imageId: uuid('image_id').primaryKey(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    uploadedByUserId: text('uploaded_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    imageKey: text('image_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('receipt_uploads_group_idx').on(table.groupId),
    index('receipt_uploads_uploaded_by_idx').on(table.uploadedByUserId),
    index('receipt_uploads_created_at_idx').on(table.createdAt),
  ],
);

export const settlements = pgTable(
  'settlements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    fromMemberId: uuid('from_member_id')
      .notNull()
      .references(() => groupMembers.id),
    toMemberId: uuid('to_member_id')
      .notNull()
      .references(() => groupMembers.id),
    amountOre: ore('amount_ore').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['paid'] })
      .notNull()
      .default('paid'),
    /** When the payment was saved in Kvitt. */
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * 'proposed': a transfer of the plan marked paid; 'recorded': a payment between any two members typed in by hand
     * ("Registrera betalning"), of any amount (decision 059). Both move balances the same way.
     */
    kind: text('kind', { enum: ['proposed', 'recorded'] })
      .notNull()
      .default('proposed'),
    /** How the money went, as the person recording it said; null when not said (a transfer marked paid). */
    method: text('method', { enum: ['swish', 'cash', 'bank', 'other'] }),
    /** The day the money changed hands, as stated (default the day it was saved); never after that day. */
    paidOn: date('paid_on')
      .notNull()
      .default(sql`(now() at time zone 'Europe/Stockholm')::date`),
    note: text('note'),
    /** The member who saved it; null for payments saved before this was kept. */
    recordedByMemberId: uuid('recorded_by_member_id').references(() => groupMembers.id),
  },
  (table) => [
    index('settlements_group_idx').on(table.groupId),
    check('settlements_amount_positive', sql`${table.amountOre} > 0`),
    check('settlements_distinct_members', sql`${table.fromMemberId} <> ${table.toMemberId}`),
    check('settlements_kind_check', sql`${table.kind} in ('proposed', 'recorded')`),
    check('settlements_method_check', sql`${table.method} in ('swish', 'cash', 'bank', 'other')`),
  ],
);

/**
 * A counter per group that triggers bump whenever its expenses, payers, shares or settlements change (migration
 * 0003_ledger_version_triggers), and whenever its memberships or a member's profile name or phone do (decision 075).
 * Balances and the group's answers are cached per version, so a group page reads one number instead of re-adding
 * thousands of shares. No foreign key: a cascading group delete must not trip over its own counter.
 */
export const ledgerVersions = pgTable('ledger_versions', {
  groupId: uuid('group_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Per group and member, running sums kept by triggers in the transaction of every change (decisions 068, 078): what
 * they paid and what they owe of the expenses at rate 1 (the group's own currency), the same of the expenses at another
 * rate in their converted amounts, and the payments they made net of those they received, all in öre of the group
 * currency. Balances read these instead of adding up the group's whole history. No foreign key, like ledger_versions.
 */
export const ledgerMemberSums = pgTable(
  'ledger_member_sums',
  {
    groupId: uuid('group_id').notNull(),
    memberId: uuid('member_id').notNull(),
    paidOre: ore('paid_ore').notNull().default(0),
    shareOre: ore('share_ore').notNull().default(0),
    /** Converted payer amounts of expenses at another rate than 1; rows not yet converted are left out. */
    convertedPaidOre: ore('converted_paid_ore').notNull().default(0),
    convertedShareOre: ore('converted_share_ore').notNull().default(0),
    paymentsOre: ore('payments_ore').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.groupId, table.memberId] })],
);

/** Per group and currency, how many expenses there are and how many of them were saved at a fallback rate. */
export const ledgerCurrencyCounts = pgTable(
  'ledger_currency_counts',
  {
    groupId: uuid('group_id').notNull(),
    currency: text('currency').notNull(),
    expenses: bigint('expenses', { mode: 'number' }).notNull().default(0),
    unrated: bigint('unrated', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.groupId, table.currency] })],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    action: text('action').notNull(),
    diffJson: jsonb('diff_json').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_entity_idx').on(table.entityType, table.entityId),
    index('audit_log_actor_idx').on(table.actorId),
  ],
);
