import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { groupMembers, groups } from './groups.ts';

/**
 * What happened in a group, for its Händelser tab (decision 062). Who did it and whom it concerned are memberships,
 * not users, so an event stays readable after an account is deleted: the membership remains and shows as
 * "Tidigare medlem". `data` holds what the event shows (amounts before and after, names typed at the time).
 */
export const groupEvents = pgTable(
  'group_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order events were written in, also within one transaction (where now() is the same for all). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    actorMemberId: uuid('actor_member_id').references(() => groupMembers.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    subjectMemberId: uuid('subject_member_id').references(() => groupMembers.id, { onDelete: 'set null' }),
    data: jsonb('data')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('group_events_group_newest_idx').on(table.groupId, table.seq.desc()),
    index('group_events_actor_idx').on(table.actorMemberId),
    index('group_events_subject_idx').on(table.subjectMemberId),
    check('group_events_kind_not_blank', sql`length(${table.kind}) > 0`),
  ],
);
