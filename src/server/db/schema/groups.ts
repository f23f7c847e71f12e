import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    imageKey: text('image_key'),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviteCode: text('invite_code').notNull().unique(),
    invitesEnabled: boolean('invites_enabled').notNull().default(true),
    currency: text('currency').notNull().default('SEK'),
    isSettled: boolean('is_settled').notNull().default(false),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * Transfers of the settlement plan below this many öre are left out of the proposal, and their count and sum are
     * stated instead; 0 shows every transfer (decision 059).
     */
    minTransferOre: bigint('min_transfer_ore', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('groups_owner_id_idx').on(table.ownerId),
    check('groups_currency_check', sql`${table.currency} in ('SEK', 'EUR', 'USD')`),
    check('groups_min_transfer_non_negative', sql`${table.minTransferOre} >= 0`),
  ],
);

/** What a membership is: a user's place (`account`), or a person added by name only (`placeholder`, decision 056). */
export const MEMBER_KINDS = ['account', 'placeholder'] as const;

/**
 * A person's place in a group. Expenses, shares and settlements point at the membership, not the user, so a member
 * who is removed or deletes their account keeps their balance in the group: user_id becomes null (the person is
 * gone), removed_at is set, and display_name keeps only what the group needs to show ("Tidigare medlem").
 *
 * A person without an account (kind `placeholder`, decision 056) has no user_id from the start and no removed_at:
 * display_name is their name. When a user claims the place, user_id is set and the kind becomes `account`, so every
 * expense, share and payment already pointing at it becomes theirs.
 */
export const groupMembers = pgTable(
  'group_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    role: text('role', { enum: ['owner', 'member'] }).notNull().default('member'),
    kind: text('kind', { enum: MEMBER_KINDS }).notNull().default('account'),
    displayName: text('display_name'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('group_members_group_user_idx').on(table.groupId, table.userId),
    index('group_members_user_id_idx').on(table.userId),
    check('group_members_role_check', sql`${table.role} in ('owner', 'member')`),
    check('group_members_kind_check', sql`${table.kind} in ('account', 'placeholder')`),
    // A person without an account is a name in the group and nothing else: no user, never the owner.
    check(
      'group_members_placeholder_check',
      sql`${table.kind} = 'account' or (${table.userId} is null and ${table.displayName} is not null and ${table.role} = 'member')`,
    ),
    // Two people without an account in one group never share a name, whatever its case (decision 056).
    uniqueIndex('group_members_placeholder_name_idx')
      .on(table.groupId, sql`lower(${table.displayName})`)
      .where(sql`${table.kind} = 'placeholder' and ${table.removedAt} is null`),
  ],
);

export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    createdByUserId: text('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    useCount: integer('use_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('invites_group_id_idx').on(table.groupId)],
);
