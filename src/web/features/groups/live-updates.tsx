import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { GroupDetail, GroupSummary } from '#shared/api/groups.ts';
import * as sv from '#shared/i18n/sv.ts';
import { announce, prepareLiveRegion } from '../../components/ui/live-region.ts';
import { refreshSession } from '../../lib/session.ts';
import { groupKeys } from '../../lib/queries/groups.ts';

/** A change arriving this soon after one of this tab's own writes is taken to be that write's echo. */
const OWN_ECHO_MS = 5_000;

type Change = { table: string; op: string; groupId: string | null; mine: boolean };

function readChange(data: unknown): Change | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as Partial<Change>;
    return typeof value.table === 'string'
      ? { table: value.table, op: String(value.op), groupId: value.groupId ?? null, mine: Boolean(value.mine) }
      : null;
  } catch {
    return null;
  }
}

/**
 * The stream does not say who made a change, so a new expense counts as another member's unless this tab was
 * writing at the time. A rare miss (someone else's expense while this tab also saves) stays unannounced.
 */
function useOwnWrites(queryClient: QueryClient): () => boolean {
  const last = useRef(0);
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        // A write started, progressed or ended; not a component with a mutation merely mounting.
        if (event.type === 'added' || event.type === 'updated') last.current = Date.now();
      }),
    [queryClient],
  );
  return useCallback(() => queryClient.isMutating() > 0 || Date.now() - last.current < OWN_ECHO_MS, [queryClient]);
}

/** Named after the group as this tab knows it: its page, or the group list (not loaded on a phone's drawer). */
function announceExpense(queryClient: QueryClient, groupId: string): void {
  const group =
    queryClient.getQueryData<GroupDetail>(groupKeys.detail(groupId)) ??
    queryClient.getQueryData<GroupSummary[]>(groupKeys.list)?.find((g) => g.id === groupId);
  if (group) announce(sv.fill(sv.groups.live.expenseAdded, { group: group.name }));
}

/**
 * Keeps every group view current through GET /api/events (decision 013): a change refreshes the group list and every
 * query under ['group', id]. After a reconnect everything is refetched, since changes may have been missed meanwhile.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  const ownWrite = useOwnWrites(queryClient);
  useEffect(() => {
    prepareLiveRegion();
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    let connectedBefore = false;
    source.addEventListener('ready', () => {
      if (connectedBefore) {
        void queryClient.invalidateQueries({ queryKey: groupKeys.list });
        void queryClient.invalidateQueries({ queryKey: ['group'] });
      }
      connectedBefore = true;
    });
    source.addEventListener('change', (event: MessageEvent) => {
      const change = readChange(event.data);
      if (!change) return;
      // Another member's new expense is read out politely; this tab's own was already confirmed by a toast.
      if (change.table === 'expenses' && change.op === 'INSERT' && change.groupId && !ownWrite())
        announceExpense(queryClient, change.groupId);
      void queryClient.invalidateQueries({ queryKey: groupKeys.list });
      if (change.groupId) void queryClient.invalidateQueries({ queryKey: groupKeys.group(change.groupId) });
    });
    // The server ends the stream when its session ends (decision 038) and refuses the reconnect, after which
    // EventSource gives up: ask who is signed in, so a session ended elsewhere sends this tab to /auth at once.
    source.addEventListener('error', () => {
      if (source.readyState === EventSource.CLOSED) void refreshSession();
    });
    return () => source.close();
  }, [queryClient, ownWrite]);
  return null;
}
