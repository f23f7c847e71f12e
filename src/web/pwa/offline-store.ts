import { clear, createStore, del, get, keys, set } from 'idb-keyval';
import type { DehydratedState } from '@tanstack/react-query';
import { SHARED_FILES_CACHE } from './share-target.ts';

/**
 * IndexedDB on this device, per signed-in user: the answers kept for reading offline under `queries:<userId>`
 * (decision 047). A user's entry is only ever read for that user, and `clearOfflineData` removes the others.
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

/** Removes every user's saved answers but `keepUserId`'s, and any shared photo not yet taken by the wizard. */
export async function clearOfflineData(keepUserId?: string): Promise<void> {
  if (keepUserId === undefined) await clear(store);
  else {
    const keep = queriesKey(keepUserId);
    await Promise.all((await keys(store)).filter((key) => key !== keep).map((key) => del(key, store)));
  }
  if (typeof caches !== 'undefined') await caches.delete(SHARED_FILES_CACHE);
}
