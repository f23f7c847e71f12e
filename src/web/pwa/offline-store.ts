import { clear, createStore, del, get, keys, set } from 'idb-keyval';
import type { DehydratedState } from '@tanstack/react-query';
import { SHARED_FILES_CACHE } from './share-target.ts';

/**
 * IndexedDB on this device, per signed-in user: the answers kept for reading offline under `queries:<userId>`
 * (decision 047) and the expenses saved without a connection under `outbox:<userId>` (decision 053). A user's
 * entries are only ever read for that user, and `clearOfflineData` removes the others.
 */
const store = createStore('kvitt-offline', 'saved');
const queriesKey = (userId: string) => `queries:${userId}`;

export interface SavedQueries {
  savedAt: number;
  state: DehydratedState;
}

export const loadQueries = (userId: string): Promise<SavedQueries | undefined> => get(queriesKey(userId), store);

export const saveQueries = (userId: string, saved: SavedQueries): Promise<void> =>
  set(queriesKey(userId), saved, store);

const outboxKey = (userId: string) => `outbox:${userId}`;

/** The user's queued entries, in the order they were made; the value's shape is the outbox's (decision 053). */
export const loadOutbox = async <T>(userId: string): Promise<T[]> => (await get<T[]>(outboxKey(userId), store)) ?? [];

export const saveOutbox = <T>(userId: string, entries: readonly T[]): Promise<void> =>
  entries.length === 0 ? del(outboxKey(userId), store) : set(outboxKey(userId), entries, store);

/**
 * Removes every user's saved answers and queued expenses but `keepUserId`'s, and any shared photo not yet taken by
 * the wizard.
 */
export async function clearOfflineData(keepUserId?: string): Promise<void> {
  if (keepUserId === undefined) await clear(store);
  else {
    const keep = new Set<IDBValidKey>([queriesKey(keepUserId), outboxKey(keepUserId)]);
    await Promise.all((await keys(store)).filter((key) => !keep.has(key)).map((key) => del(key, store)));
  }
  if (typeof caches !== 'undefined') await caches.delete(SHARED_FILES_CACHE);
}
