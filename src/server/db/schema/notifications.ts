import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sessions, users } from './auth.ts';

/**
 * One device's Web Push subscription (decision 048). It belongs to the session that opted in, so signing out on
 * that device, a session ending any other way and deleting the account all remove it with the session row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** The push service's URL for this browser; unique, so a device that changes hands moves to its new user. */
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url) that every message is encrypted for (RFC 8291). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('push_subscriptions_user_id_idx').on(table.userId),
    index('push_subscriptions_session_id_idx').on(table.sessionId),
  ],
);
