import { useEffect } from 'react';
import { useIsMutating, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import * as sv from '#shared/i18n/sv.ts';
import { ApiError, errorText } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { groupQuery } from '../../lib/queries/groups.ts';
import { deleteGroupKey } from './queries.ts';

/**
 * The group of a group-scoped page. When it cannot be loaded the message is shown and the user goes to /app;
 * a group that is gone (deleted, or the user removed) says so plainly instead of showing an error.
 */
export function useGroupOrLeave(groupId: string) {
  const group = useQuery(groupQuery(groupId));
  const navigate = useNavigate();
  const deleting = useIsMutating({ mutationKey: deleteGroupKey(groupId) }) > 0;
  const { isError, error } = group;
  useEffect(() => {
    if (!isError || deleting) return;
    const gone = error instanceof ApiError && error.code === 'NOT_FOUND';
    if (gone) toast.info(sv.groups.page.removedFromGroup, { id: `group-gone-${groupId}` });
    else toast.error(sv.groups.page.loadFailed, { description: errorText(error), id: `group-failed-${groupId}` });
    void navigate('/app', { replace: true });
  }, [isError, error, deleting, groupId, navigate]);
  return group;
}
