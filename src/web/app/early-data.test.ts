import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expensePagesQuery } from '../features/expenses/queries.ts';
import { recurringQuery } from '../features/expenses/recurring-queries.ts';
import { balancesQuery } from '../features/settlement/queries.ts';
import { groupQuery, groupsQuery, membersQuery, overviewQuery } from '../lib/queries/groups.ts';
import { openingPage, pageReads } from '#shared/api/page-reads.ts';
import { pageQueries } from './page-data.ts';
import { routeTable, type RouteEntry } from './route-modules.ts';

const groupId = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';
type Read = (cache: QueryClient) => Promise<unknown>;

/** The addresses the given queries request, in their order. */
async function requested(...reads: Read[]): Promise<string[]> {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      paths.push(path);
      return new Response('{"group":{},"groups":[],"members":[],"series":[]}');
    }),
  );
  const cache = new QueryClient();
  for (const query of reads) await query(cache);
  return paths;
}

const group: Read = (cache) => cache.fetchQuery(groupQuery(groupId));

afterEach(() => vi.unstubAllGlobals());

describe('pageReads', () => {
  it('asks for /app’s groups and totals at the addresses its queries read', async () => {
    expect(pageReads('/app', '')).toEqual(
      await requested(
        (cache) => cache.fetchQuery(groupsQuery),
        (cache) => cache.fetchQuery(overviewQuery),
      ),
    );
  });

  it('asks for the group and its open tab’s data at the addresses the group page’s queries read', async () => {
    const page = `/app/group/${groupId}`;
    expect(pageReads(page, '')).toEqual(await requested(group, (cache) => cache.fetchQuery(balancesQuery(groupId))));
    expect(pageReads(page, '?tab=balance')).toEqual(pageReads(page, ''));
    expect(pageReads(page, '?tab=constructor')).toEqual(pageReads(page, ''));
    expect(pageReads(page, '?tab=receipts')).toEqual(
      await requested(
        group,
        (cache) => cache.fetchInfiniteQuery(expensePagesQuery(groupId)),
        (cache) => cache.fetchQuery(recurringQuery(groupId)),
      ),
    );
    expect(pageReads(page, '?tab=attachments')).toEqual(
      await requested(group, (cache) => cache.fetchInfiniteQuery(expensePagesQuery(groupId, { hasImage: true }))),
    );
    expect(pageReads(page, '?tab=members')).toEqual(
      await requested(group, (cache) => cache.fetchQuery(membersQuery(groupId))),
    );
  });

  it('asks for the wizard’s group and members at the addresses its queries read', async () => {
    expect(pageReads(`/app/group/${groupId}/expense/new`, '')).toEqual(
      await requested(group, (cache) => cache.fetchQuery(membersQuery(groupId))),
    );
  });

  it('puts into the cache, ahead of the page, the data of the addresses it asks for', async () => {
    const pages = [
      ['/app', ''],
      ...['', '?tab=balance', '?tab=receipts', '?tab=attachments', '?tab=members', '?tab=activity', '?tab=x'].map(
        (search) => [`/app/group/${groupId}`, search],
      ),
      [`/app/group/${groupId}/expense/new`, ''],
      ['/app/settings', ''],
      ['/auth', ''],
    ] as const;
    for (const [page, search] of pages) {
      expect(await requested(...(await pageQueries(page, search)))).toEqual(pageReads(page, search));
    }
    expect(pageReads(`/app/group/${groupId}`, '?tab=activity')).toEqual([`/api/groups/${groupId}`]);
  });

  it('knows every tab of the group page by its ?tab=', () => {
    const all = (entries: readonly RouteEntry[]): RouteEntry[] => entries.flatMap((e) => [e, ...all(e.children ?? [])]);
    const tabs = all(routeTable).flatMap((entry) => entry.tabs ?? []);
    expect(tabs.length).toBeGreaterThan(0);
    for (const { id } of tabs) {
      expect(openingPage(`/app/group/${groupId}`, `?tab=${id}`)).toEqual({ page: 'group', groupId, tab: id });
    }
  });

  it('asks for nothing on pages it does not know, public or signed in', () => {
    expect(pageReads('/', '')).toEqual([]);
    expect(pageReads('/auth', '')).toEqual([]);
    expect(pageReads('/app/settings', '')).toEqual([]);
    expect(pageReads(`/invite/${groupId}`, '')).toEqual([]);
  });

  it('takes no group id that is not one, so nothing else reaches the preload header', () => {
    expect(pageReads('/app/group/a%3E%2C%20%3C%2Fapi', '')).toEqual([]);
    expect(pageReads('/app/group/x>, </api/account', '')).toEqual([]);
  });
});
