import { sql } from 'drizzle-orm';
import { bigint, check, date, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { groupMembers, groups } from './groups.ts';

const ore = (name: string) => bigint(name, { mode: 'number' });

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
    splitMethod: text('split_method', { enum: ['equal', 'weight', 'absolute', 'percent'] })
      .notNull()
      .default('equal'),
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
    check('expenses_split_method_check', sql`${table.splitMethod} in ('equal', 'weight', 'absolute', 'percent')`),
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
    shareType: text('share_type', { enum: ['equal', 'weight', 'absolute', 'percent'] }).notNull(),
    /** What was typed: weight ×100, öre, or basis points; null for equal. */
    shareInput: bigint('share_input', { mode: 'number' }),
    /** The computed share in öre of the expense's own currency. */
    shareOre: ore('share_ore').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.expenseId, table.memberId] }),
    index('expense_shares_member_idx').on(table.memberId),
    check('expense_shares_non_negative', sql`${table.shareOre} >= 0`),
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
  },
  (table) => [
    primaryKey({ columns: [table.expenseId, table.memberId] }),
    index('expense_payers_member_idx').on(table.memberId),
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
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('settlements_group_idx').on(table.groupId),
    check('settlements_amount_positive', sql`${table.amountOre} > 0`),
    check('settlements_distinct_members', sql`${table.fromMemberId} <> ${table.toMemberId}`),
  ],
);

/**
 * A counter per group that triggers bump whenever its expenses, shares or settlements change (migration
 * 0003_ledger_version_triggers). Balances are cached per version, so a group page reads one number instead of
 * re-adding thousands of shares. No foreign key: a cascading group delete must not trip over its own counter.
 */
export const ledgerVersions = pgTable('ledger_versions', {
  groupId: uuid('group_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

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
