import { useLocation, useNavigate } from 'react-router';
import type { GroupSummary } from '#shared/api/groups.ts';
import * as sv from '#shared/i18n/sv.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog.tsx';
import { errorText } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useDeleteGroup } from './queries.ts';

const texts = sv.groups.remove;

interface Props {
  group: Pick<GroupSummary, 'id' | 'name'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Ta bort" with SPEC §5's confirmation; deleting the group on screen goes to /app (SPEC §4). */
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
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent className="sm:max-w-md">
        <AlertDialogHeader>
          <AlertDialogTitle>{sv.fill(texts.title, { group: group.name })}</AlertDialogTitle>
          <AlertDialogDescription>{texts.confirm}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{texts.cancel}</AlertDialogCancel>
          <AlertDialogAction
            destructive
            disabled={remove.isPending}
            onClick={(event) => {
              // Stay open until the server answers, so a failure is seen next to the question.
              event.preventDefault();
              void confirm();
            }}
          >
            {texts.action}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
