import { dehydrate, hydrate, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { onSessionEnd } from '../lib/session.ts';
import { loadQueries, saveQueries } from './offline-store.ts';

/** Saved answers older than this are not shown offline: a week-old balance would mislead more than it helps. */
const MAX_AGE_MS = 7 * 24 * 60 * 60_000;
const SAVE_DELAY_MS = 1000;

// What a person reads offline: the group list and, of each group opened, its header, members, expenses and balances.
// Not invites (a live link is the owner's to hand out), the profile or statistics.
const GROUP_PARTS = new Set(['detail', 'members', 'expenses', 'balances', 'settlement']);

type SavedQuery = ReturnType<typeof dehydrate>['queries'][number];

/**
 * A paged list is kept with its first page: what opens offline is the newest expenses, as online, and a reload does
 * not fetch again every page loaded before it.
 */
function firstPageOnly(query: SavedQuery): SavedQuery {
  const data = query.state.data as { pages?: unknown[]; pageParams?: unknown[] } | undefined;
  if (!data || !Array.isArray(data.pages) || !Array.isArray(data.pageParams) || data.pages.length <= 1) return query;
  return {
    ...query,
    state: { ...query.state, data: { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } },
  };
}

function isKeptOffline(queryKey: QueryKey): boolean {
  const [root, , part] = queryKey;
  return root === 'groups' || (root === 'group' && typeof part === 'string' && GROUP_PARTS.has(part));
}

const shouldDehydrateQuery = (query: Query) => query.state.status === 'success' && isKeptOffline(query.queryKey);

/**
 * Keeps a copy of the signed-in user's group pages in IndexedDB under that user's id (decision 047): restores it
 * into the cache (older than what was fetched since is ignored by `hydrate`), then saves the kept queries a second
 * after each change. Saving stops the moment the session ends, before its saved copy is removed (lib/session.ts).
 * Returns the function that stops saving.
 */
export function keepOfflineCopy(queryClient: QueryClient, userId: string): () => void {
  // Kept in memory as long as on the device, so a page opened an hour ago still shows when the connection drops.
  queryClient.setQueryDefaults(['groups'], { gcTime: MAX_AGE_MS });
  queryClient.setQueryDefaults(['group'], { gcTime: MAX_AGE_MS });
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe = () => {};
  const save = () => {
    timer = undefined;
    if (stopped) return;
    const dehydrated = dehydrate(queryClient, { shouldDehydrateQuery, shouldDehydrateMutation: () => false });
    const state = { ...dehydrated, queries: dehydrated.queries.map(firstPageOnly) };
    if (state.queries.length === 0) return;
    // The age of the newest answer, not of the writing: a copy saved again offline does not grow younger.
    const savedAt = Math.max(...state.queries.map((query) => query.state.dataUpdatedAt));
    saveQueries(userId, { savedAt, state }).catch((error: unknown) =>
      console.warn('Could not save pages for offline reading', error),
    );
  };
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
    stopOnEnd();
  };
  const stopOnEnd = onSessionEnd(stop);

  void loadQueries(userId)
    .catch(() => undefined)
    .then((saved) => {
      if (stopped) return;
      if (saved && Date.now() - saved.savedAt < MAX_AGE_MS) hydrate(queryClient, saved.state);
      unsubscribe = queryClient.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success' && isKeptOffline(event.query.queryKey as readonly unknown[]))
          timer ??= setTimeout(save, SAVE_DELAY_MS);
      });
      // Answers that arrived while this code and the saved copy were loading are saved too.
      timer ??= setTimeout(save, SAVE_DELAY_MS);
    });
  return stop;
}
