import { LockOpenIcon } from 'lucide-react';
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
  AlertDialogTrigger,
} from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { errorText } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useReopen } from './queries.ts';

const texts = sv.settlement;

/** "Öppna gruppen igen" after a confirmation; any member may (decision 022). */
export function ReopenButton({ groupId }: { groupId: string }) {
  const reopen = useReopen(groupId);
  // The button leaves the page as soon as the group shows as open, often before the answer arrives (the change is
  // also pushed live): the promise still settles then, where mutate()'s own callbacks would be dropped.
  const confirm = () =>
    reopen.mutateAsync().then(
      () => toast.success(texts.reopened),
      (error: unknown) => toast.error(texts.reopenFailed, { description: errorText(error) }),
    );
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="lg" disabled={reopen.isPending}>
          <LockOpenIcon aria-hidden />
          {texts.reopen}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{texts.reopen}</AlertDialogTitle>
          <AlertDialogDescription>{texts.reopenConfirm}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{texts.cancel}</AlertDialogCancel>
          <AlertDialogAction onClick={confirm}>{texts.reopenAction}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
