import type { ActivityPage, EventData, GroupEvent } from '#shared/api/activity.ts';
import type { Db } from '../../db/client.ts';
import { requireMembership } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { listGroupMemberships } from '../../repositories/memberships.ts';
import type { StoredEvent } from '../../repositories/activity.ts';
import * as repo from './repo.ts';
import type { EventKey } from './repo.ts';

export function encodeEventCursor(key: EventKey): string {
  return Buffer.from(String(key.seq)).toString('base64url');
}

/** The key a cursor carries; anything not made by encodeEventCursor is VALIDATION, never a database error. */
export function decodeEventCursor(cursor: string): EventKey {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const seq = /^[1-9]\d{0,15}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(seq)) throw new AppError('VALIDATION', { cursor: 'invalid' });
  return { seq };
}

type Names = Map<string, string | null>;

function person(names: Names, memberId: string) {
  return { memberId, name: names.get(memberId) ?? null };
}

/** A stored event as the tab shows it, people named as they are now. */
function shown(names: Names, event: StoredEvent): EventData {
  switch (event.kind) {
    case 'payment_recorded':
    case 'payment_deleted':
      return {
        kind: event.kind,
        from: person(names, event.fromMemberId),
        to: person(names, event.toMemberId),
        amountOre: event.amountOre,
        currency: event.currency,
      };
    case 'member_removed':
      return { kind: event.kind, member: person(names, event.memberId) };
    default:
      return event;
  }
}

/** One page of the group's Händelser, newest first; members only. */
export async function listEvents(
  db: Db,
  userId: string,
  groupId: string,
  options: { limit: number; cursor: string | null },
): Promise<ActivityPage> {
  await requireMembership(db, groupId, userId);
  const after = options.cursor === null ? null : decodeEventCursor(options.cursor);
  const [rows, members] = await Promise.all([
    repo.eventPage(db, groupId, options.limit + 1, after),
    listGroupMemberships(db, groupId),
  ]);
  const names: Names = new Map(members.map((member) => [member.id, member.name]));
  const page = rows.slice(0, options.limit);
  const events: GroupEvent[] = page.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actorMemberId ? person(names, row.actorMemberId) : null,
    event: shown(names, row.event),
  }));
  const last = page.at(-1);
  return { events, nextCursor: rows.length > options.limit && last ? encodeEventCursor(last.key) : null };
}
