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
import { useDeleteExpense } from './queries.ts';

const texts = sv.expenses.remove;

interface Props {
  receiptId: string;
  groupId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** SPEC §5: "Är du säker på att du vill ta bort denna utgift?", then "Utgift borttagen!". */
export function DeleteExpenseDialog({ receiptId, groupId, open, onOpenChange }: Props) {
  const remove = useDeleteExpense(groupId);
  const confirm = async () => {
    try {
      await remove.mutateAsync(receiptId);
      toast.success(sv.expenses.toasts.deleted);
      onOpenChange(false);
    } catch (error) {
      toast.error(errorText(error));
    }
  };
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{texts.confirmTitle}</AlertDialogTitle>
          <AlertDialogDescription>{texts.confirm}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{texts.cancel}</AlertDialogCancel>
          <AlertDialogAction
            destructive
            disabled={remove.isPending}
            onClick={(event) => {
              // Stay open until the server has answered, so a failure is seen where it happened.
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
