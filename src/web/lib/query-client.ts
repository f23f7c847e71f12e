import { onlineManager, QueryClient } from '@tanstack/react-query';
import { retryDelay, shouldRetry } from './retry.ts';
import { onSessionEnd } from './session.ts';

/** Unused data stays cached 5 minutes; failed reads retry up to 3 times, backing off to at most 30 s. */
export const CACHE_TIME_MS = 5 * 60_000;

/**
 * Data is read again when a page showing it mounts only once it is this old: the opening page's data, fetched into the
 * cache as the page starts, is not asked for a second time the moment the page renders it (decision 086). Changes are
 * not waited for: a live change or a saved edit marks the data stale at once (decision 013).
 */
export const FRESH_MS = 3_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: CACHE_TIME_MS, staleTime: FRESH_MS, retry: shouldRetry, retryDelay },
      mutations: { retry: false },
    },
  });
}

/**
 * The app's single cache. It is loaded with the first page that reads data (app/data-layout.tsx), not on the first
 * load of public pages. Whatever ended the session (logout, 401, another tab, another account) empties it.
 */
export const queryClient = createQueryClient();
// TanStack Query assumes a connection until an `offline` event: a page opened offline must pause its queries at once
// (and show what is saved) instead of failing them after the retries (decision 047).
onlineManager.setOnline(navigator.onLine);
onSessionEnd(() => queryClient.clear());
