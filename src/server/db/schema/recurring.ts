import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { expenses } from './expenses.ts';
import { groupMembers, groups } from './groups.ts';

/**
 * A recurring expense (decision 061): what to create, as the body the create-expense API takes without its id, date
 * and image (`template`), and when. Occurrence `next_index` falls on `next_date`; null once the series has ended or
 * passed its end date. Each occurrence is created through the expense service and recorded in
 * recurring_occurrences in the same transaction, so it is created once.
 */
export const recurringExpenses = pgTable(
  'recurring_expenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** Whose name the occurrences are created in; the series goes with the membership row. */
    createdByMemberId: uuid('created_by_member_id')
      .notNull()
      .references(() => groupMembers.id, { onDelete: 'cascade' }),
    frequency: text('frequency', { enum: ['weekly', 'monthly', 'yearly'] }).notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    nextIndex: integer('next_index').notNull().default(1),
    nextDate: date('next_date'),
    template: jsonb('template').notNull(),
    /** Why the series stopped before its end date: ended by a member, or stopped as an occurrence could not be created (someone in it left). */
    endReason: text('end_reason', { enum: ['ended', 'stopped'] }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedByMemberId: uuid('ended_by_member_id').references(() => groupMembers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('recurring_expenses_group_idx').on(table.groupId),
    index('recurring_expenses_due_idx')
      .on(table.nextDate)
      .where(sql`${table.nextDate} is not null`),
    index('recurring_expenses_created_by_idx').on(table.createdByMemberId),
    check('recurring_expenses_frequency_check', sql`${table.frequency} in ('weekly', 'monthly', 'yearly')`),
    check(
      'recurring_expenses_end_after_start',
      sql`${table.endDate} is null or ${table.endDate} >= ${table.startDate}`,
    ),
  ],
);

/**
 * One row per occurrence date of a series, written in the transaction that creates its expense: the primary key is
 * what makes an occurrence happen once, whichever process gets there first. `skipped` records a date that passed
 * without an expense (the group was settled, or full), with the error code.
 */
export const recurringOccurrences = pgTable(
  'recurring_occurrences',
  {
    seriesId: uuid('series_id')
      .notNull()
      .references(() => recurringExpenses.id, { onDelete: 'cascade' }),
    occurrenceDate: date('occurrence_date').notNull(),
    expenseId: uuid('expense_id').references(() => expenses.id, { onDelete: 'set null' }),
    outcome: text('outcome', { enum: ['created', 'skipped'] }).notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.seriesId, table.occurrenceDate] }),
    index('recurring_occurrences_expense_idx').on(table.expenseId),
  ],
);
