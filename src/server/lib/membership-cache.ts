import type { GroupRow, MemberRow } from '../repositories/memberships.ts';
import type { Logger } from './logger.ts';
import type { Realtime } from './realtime.ts';

/** How long a membership read is trusted without asking the database again (decision 064). */
export const MEMBERSHIP_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 20_000;

export type CachedMembership = { group: GroupRow; member: MemberRow };

export interface MembershipCache {
  get(groupId: string, userId: string): CachedMembership | undefined;
  set(groupId: string, userId: string, membership: CachedMembership): void;
  /** Forgets what is kept about one group: after a write to it in this process, before its notification arrives. */
  forgetGroup(groupId: string): void;
  /** Forgets everything: after a write in this process that may change any group, before its notification arrives. */
  clear(): void;
}

/**
 * Active memberships (with their group row) kept per group and user for at most 30 s. Every change to a group or
 * its members is announced by the triggers of migration 0001 to every process, and each drops that group's entries
 * on hearing it, so a removed member, a renamed or settled group and a deleted account are seen within the
 * notification's delay. Until this process listens nothing is kept; a lost notification is covered by the 30 s.
 * Only active memberships are kept: "not a member" is always asked again.
 */
export function createMembershipCache(options: {
  realtime: Realtime;
  logger: Logger;
  ttlMs?: number;
  now?: () => number;
}): MembershipCache {
  const { realtime, logger, ttlMs = MEMBERSHIP_CACHE_TTL_MS, now = Date.now } = options;
  const entries = new Map<string, CachedMembership & { until: number }>();
  const byGroup = new Map<string, Set<string>>();
  let listening = false;
  let starting: Promise<void> | null = null;

  // A group id is kept in lower case, as the database announces it, whatever case the request's address used.
  const key = (groupId: string, userId: string) => `${groupId.toLowerCase()}\u0000${userId}`;
  const forgetGroup = (groupId: string) => {
    const id = groupId.toLowerCase();
    for (const k of byGroup.get(id) ?? []) entries.delete(k);
    byGroup.delete(id);
  };
  const clear = () => {
    entries.clear();
    byGroup.clear();
  };
  const start = () => {
    starting ??= realtime
      .subscribe((change) => {
        if ((change.table === 'groups' || change.table === 'group_members') && change.groupId)
          forgetGroup(change.groupId);
      })
      .then(
        () => {
          listening = true;
        },
        (error: unknown) => {
          logger.warn({ err: error }, 'membership cache off: could not listen for group changes');
          starting = null;
        },
      );
  };

  start();
  return {
    get(groupId, userId) {
      start();
      const k = key(groupId, userId);
      const entry = entries.get(k);
      if (!entry) return undefined;
      if (entry.until <= now()) {
        entries.delete(k);
        return undefined;
      }
      return { group: entry.group, member: entry.member };
    },
    set(groupId, userId, membership) {
      if (!listening) return;
      if (entries.size >= MAX_ENTRIES) clear();
      const k = key(groupId, userId);
      entries.set(k, { ...membership, until: now() + ttlMs });
      const id = groupId.toLowerCase();
      let keys = byGroup.get(id);
      if (!keys) byGroup.set(id, (keys = new Set()));
      keys.add(k);
    },
    forgetGroup,
    clear,
  };
}
