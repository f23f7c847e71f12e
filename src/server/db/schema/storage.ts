import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Stored files that must be deleted and may not be yet (decision 039): written in the transaction that unlinks a file
 * from its row, removed once the store has deleted the file, retried with back-off while the store is down.
 */
export const fileDeletions = pgTable(
  'file_deletions',
  {
    storageKey: text('storage_key').primaryKey(),
    /** Failed attempts so far; the back-off doubles with each. */
    attempts: integer('attempts').notNull().default(0),
    /** When a retry may take the key: after the back-off, or after the lease of a process trying it now. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('file_deletions_next_attempt_at_idx').on(table.nextAttemptAt)],
);
