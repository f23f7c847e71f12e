import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { rememberedSession } from '../lib/offline-session.ts';
import { queryClient } from '../lib/query-client.ts';
import { useSession } from '../lib/session.ts';
import { prefetchPageData } from './page-data.ts';
import type { PageAddress } from './router.tsx';

/** The signed-in user's group pages are kept on the device for reading offline (decision 047), and what they added offline is sent (053). */
function useOfflineCopy(userId: string | undefined) {
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    // Off the first load: without it the pages work the same, only not offline.
    void import('../pwa/offline-cache.ts').then(
      ({ keepOfflineCopy }) => {
        if (!cancelled) stop = keepOfflineCopy(queryClient, userId);
      },
      () => undefined,
    );
    // Expenses saved without a connection are sent at start and whenever it returns (decision 053).
    let stopOutbox: (() => void) | null = null;
    void import('../features/expenses/outbox.ts').then(
      ({ startOutbox }) => {
        if (!cancelled) stopOutbox = startOutbox(queryClient, userId);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      stop?.();
      stopOutbox?.();
    };
  }, [userId]);
}

/**
 * The opening page's first data, into the cache as the page starts (its reads were asked for beside the page's code,
 * decision 076), so that the first render, which waits for this as for the page's code, shows the page with its data
 * (decision 086). Only where someone is signed in on this device, as those reads are.
 */
export function preload({ pathname, search }: PageAddress): Promise<void> | undefined {
  return rememberedSession() ? prefetchPageData(queryClient, pathname, search) : undefined;
}

/**
 * Pathless layout around every page that reads data through TanStack Query (/app/*, later /invite/:token). It keeps
 * the query library off the first load of the light public pages (docs/decisions/007).
 */
export function Component() {
  useOfflineCopy(useSession().session?.user.id);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
