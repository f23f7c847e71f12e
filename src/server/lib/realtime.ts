import type { Database } from '../db/client.ts';
import type { Logger } from './logger.ts';

/** The NOTIFY channel the triggers of migration 0001 announce every change on. */
export const CHANGE_CHANNEL = 'kvitt_events';

export type ChangeOp = 'INSERT' | 'UPDATE' | 'DELETE';
export type Change = { table: string; op: ChangeOp; groupId: string | null; userId: string | null };
export type ChangeListener = (change: Change) => void;

const OPS: readonly string[] = ['INSERT', 'UPDATE', 'DELETE'];

/** A trigger payload as a Change, or null for anything malformed (a bad payload must not break the stream). */
export function parseChange(payload: string): Change | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { table, op, groupId, userId } = value as Record<string, unknown>;
  if (typeof table !== 'string' || typeof op !== 'string' || !OPS.includes(op)) return null;
  const text = (field: unknown) => (typeof field === 'string' ? field : null);
  return { table, op: op as ChangeOp, groupId: text(groupId), userId: text(userId) };
}

export interface Realtime {
  /** Resolves once this process LISTENs, so no change committed after it is missed. */
  subscribe(listener: ChangeListener): Promise<() => void>;
  /** Settles when the server shuts down; open event streams end then instead of holding shutdown open. */
  readonly closing: Promise<void>;
  close(): void;
}

/**
 * One LISTEN per server process, fanned out to its open event streams. NOTIFY reaches every listening connection on
 * the database, so each process delivers the changes made through any other. Listening starts with the first stream.
 */
export function createRealtime(database: Pick<Database, 'listen'>, logger: Logger): Realtime {
  const listeners = new Set<ChangeListener>();
  let listening: Promise<unknown> | null = null;
  let close = () => {};
  const closing = new Promise<void>((resolve) => {
    close = resolve;
  });

  const dispatch = (payload: string) => {
    const change = parseChange(payload);
    if (!change) {
      logger.warn({ payload }, 'ignored a malformed change notification');
      return;
    }
    for (const listener of listeners) listener(change);
  };

  const ensureListening = () => {
    listening ??= database.listen(CHANGE_CHANNEL, dispatch).catch((error: unknown) => {
      listening = null;
      throw error;
    });
    return listening;
  };

  return {
    async subscribe(listener) {
      listeners.add(listener);
      try {
        await ensureListening();
      } catch (error) {
        listeners.delete(listener);
        throw error;
      }
      return () => listeners.delete(listener);
    },
    closing,
    close: () => close(),
  };
}

/** What a browser is told: which table changed how in which group, and whether the change is the viewer's own membership. */
export type UserChange = { table: string; op: ChangeOp; groupId: string | null; mine: boolean };

export type UserFeedOptions = {
  realtime: Realtime;
  userId: string;
  /** The ids of the groups the user is an active member of, read fresh from the database. */
  loadGroupIds: () => Promise<ReadonlySet<string>>;
  send: (change: UserChange) => void | Promise<void>;
  onError: (error: unknown) => void;
};

/**
 * One user's filtered view of the change stream: only changes in their own groups, plus every change to their own
 * memberships (being added to a group or removed from one), after which the group list is read again. Changes are
 * handled strictly in order, so a join is never overtaken by a change in the group just joined.
 */
export async function openUserFeed(options: UserFeedOptions): Promise<() => void> {
  const { userId, loadGroupIds, send, onError } = options;
  let groupIds = await loadGroupIds();
  let queue: Promise<void> = Promise.resolve();

  const handle = async (change: Change) => {
    const mine = change.table === 'group_members' && change.userId === userId;
    if (mine) groupIds = await loadGroupIds();
    else if (!change.groupId || !groupIds.has(change.groupId)) return;
    await send({ table: change.table, op: change.op, groupId: change.groupId, mine });
  };

  return options.realtime.subscribe((change) => {
    queue = queue.then(() => handle(change)).catch(onError);
  });
}
