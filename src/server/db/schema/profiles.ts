import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const profiles = pgTable(
  'profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone'),
    address: text('address'),
    postalCode: text('postal_code'),
    city: text('city'),
    country: text('country').default('Sverige'),
    avatarUrl: text('avatar_url'),
    plan: text('plan', { enum: ['plus', 'pro'] }).notNull().default('plus'),
    stripeCustomerId: text('stripe_customer_id').unique(),
    planRenewsAt: timestamp('plan_renews_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('profiles_plan_check', sql`${table.plan} in ('plus', 'pro')`)],
);
