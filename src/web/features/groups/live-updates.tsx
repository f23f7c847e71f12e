import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { refreshSession } from '../../lib/session.ts';
import { groupKeys } from '../../lib/queries/groups.ts';

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
 * Keeps every group view current through GET /api/events (decision 013): a change refreshes the group list and every
 * query under ['group', id]. After a reconnect everything is refetched, since changes may have been missed meanwhile.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
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
      void queryClient.invalidateQueries({ queryKey: groupKeys.list });
      if (change.groupId) void queryClient.invalidateQueries({ queryKey: groupKeys.group(change.groupId) });
    });
    // The server ends the stream when its session ends (decision 038) and refuses the reconnect, after which
    // EventSource gives up: ask who is signed in, so a session ended elsewhere sends this tab to /auth at once.
    source.addEventListener('error', () => {
      if (source.readyState === EventSource.CLOSED) void refreshSession();
    });
    return () => source.close();
  }, [queryClient]);
  return null;
}
