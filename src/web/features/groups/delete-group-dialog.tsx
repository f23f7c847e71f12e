import { useLocation, useNavigate } from 'react-router';
import type { GroupSummary } from '#shared/api/groups.ts';
import * as sv from '#shared/i18n/sv.ts';
import { ConfirmRemovalDialog } from '../../components/confirm-removal-dialog.tsx';
import { errorText } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useDeleteGroup } from './queries.ts';

const texts = sv.groups.remove;

interface Props {
  group: Pick<GroupSummary, 'id' | 'name'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Ta bort" with a confirmation; deleting the group on screen goes to /app. */
export function DeleteGroupDialog({ group, open, onOpenChange }: Props) {
  const remove = useDeleteGroup(group.id);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const confirm = async () => {
    const onScreen = pathname.startsWith(`/app/group/${group.id}`);
    try {
      await remove.mutateAsync();
      toast.success(texts.done);
      onOpenChange(false);
      if (onScreen) await navigate('/app', { replace: true });
    } catch (error) {
      toast.error(texts.failed, { description: errorText(error) });
    }
  };

  return (
    <ConfirmRemovalDialog
      open={open}
      onOpenChange={onOpenChange}
      title={sv.fill(texts.title, { group: group.name })}
      description={texts.confirm}
      cancelLabel={texts.cancel}
      actionLabel={texts.action}
      pending={remove.isPending}
      onConfirm={() => void confirm()}
      className="md:max-w-md"
    />
  );
}
