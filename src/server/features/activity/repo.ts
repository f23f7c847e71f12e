import { and, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { groupEvents } from '../../db/schema/index.ts';
import type { StoredEvent } from '../../repositories/activity.ts';

/** Where a page of events ends: the last event's place in the order events were written. */
export type EventKey = { seq: number };

export type EventRow = { id: string; at: Date; key: EventKey; actorMemberId: string | null; event: StoredEvent };

/** Up to `limit` events of the group, newest first, after `after` (keyset on the group's newest-first index). */
export async function eventPage(
  db: DbOrTx,
  groupId: string,
  limit: number,
  after: EventKey | null,
): Promise<EventRow[]> {
  const rows = await db
    .select({
      id: groupEvents.id,
      kind: groupEvents.kind,
      actorMemberId: groupEvents.actorMemberId,
      data: groupEvents.data,
      at: groupEvents.createdAt,
      seq: groupEvents.seq,
    })
    .from(groupEvents)
    .where(and(eq(groupEvents.groupId, groupId), after ? lt(groupEvents.seq, after.seq) : undefined))
    .orderBy(desc(groupEvents.seq))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    key: { seq: row.seq },
    actorMemberId: row.actorMemberId,
    event: { ...(row.data as object), kind: row.kind } as StoredEvent,
  }));
}
