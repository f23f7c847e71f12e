import { onlineManager, QueryClient } from '@tanstack/react-query';
import { retryDelay, shouldRetry } from './retry.ts';
import { onSessionEnd } from './session.ts';

/** Unused data stays cached 5 minutes; failed reads retry up to 3 times, backing off to at most 30 s. */
export const CACHE_TIME_MS = 5 * 60_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: CACHE_TIME_MS, retry: shouldRetry, retryDelay },
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
