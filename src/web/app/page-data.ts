import type { QueryClient } from '@tanstack/react-query';
import { openingPage, type OpeningTab } from '#shared/api/page-reads.ts';
import { groupQuery, groupsQuery, membersQuery, overviewQuery } from '../lib/queries/groups.ts';

/** One of the opening page's queries, fetched into a cache. */
export type PageQuery = (cache: QueryClient) => Promise<unknown>;

const group =
  (groupId: string): PageQuery =>
  (cache) =>
    cache.prefetchQuery(groupQuery(groupId));

/** The open tab's first queries; their modules come with the tab's own code, so they are fetched as it is. */
async function tabQueries(groupId: string, tab: OpeningTab): Promise<PageQuery[]> {
  switch (tab) {
    case 'balance': {
      const { balancesQuery } = await import('../features/settlement/queries.ts');
      return [(cache) => cache.prefetchQuery(balancesQuery(groupId))];
    }
    case 'receipts': {
      const [{ expensePagesQuery }, { recurringQuery }] = await Promise.all([
        import('../features/expenses/queries.ts'),
        import('../features/expenses/recurring-queries.ts'),
      ]);
      return [
        (cache) => cache.prefetchInfiniteQuery(expensePagesQuery(groupId)),
        (cache) => cache.prefetchQuery(recurringQuery(groupId)),
      ];
    }
    case 'attachments': {
      const { expensePagesQuery } = await import('../features/expenses/queries.ts');
      return [(cache) => cache.prefetchInfiniteQuery(expensePagesQuery(groupId, { hasImage: true }))];
    }
    case 'members':
      return [(cache) => cache.prefetchQuery(membersQuery(groupId))];
    case 'activity':
      return [];
  }
}

/**
 * The queries behind the opening page's first reads (`pageReads` names their addresses), in the same order: the page
 * renders from the cache the moment its code has run, instead of rendering its loading state, asking for each read
 * and rendering again as the answers come (decision 086).
 */
export async function pageQueries(pathname: string, search: string): Promise<PageQuery[]> {
  const opening = openingPage(pathname, search);
  if (!opening) return [];
  if (opening.page === 'home')
    return [(cache) => cache.prefetchQuery(groupsQuery), (cache) => cache.prefetchQuery(overviewQuery)];
  if (opening.page === 'wizard')
    return [group(opening.groupId), (cache) => cache.prefetchQuery(membersQuery(opening.groupId))];
  return [group(opening.groupId), ...(await tabQueries(opening.groupId, opening.tab))];
}

/** Fetches the opening page's first data into `cache`; settles when it is there or has failed (never rejects). */
export async function prefetchPageData(cache: QueryClient, pathname: string, search: string): Promise<void> {
  const queries = await pageQueries(pathname, search).catch(() => []);
  await Promise.all(queries.map((query) => query(cache)));
}
