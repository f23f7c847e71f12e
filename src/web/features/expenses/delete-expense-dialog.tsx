import * as sv from '#shared/i18n/sv.ts';
import { ConfirmRemovalDialog } from '../../components/confirm-removal-dialog.tsx';
import { errorText } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useDeleteExpense } from './queries.ts';

const texts = sv.expenses.remove;

interface Props {
  expenseId: string;
  groupId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Är du säker på att du vill ta bort denna utgift?", then "Utgift borttagen!". */
export function DeleteExpenseDialog({ expenseId, groupId, open, onOpenChange }: Props) {
  const remove = useDeleteExpense(groupId);
  const confirm = async () => {
    try {
      await remove.mutateAsync(expenseId);
      toast.success(sv.expenses.toasts.deleted);
      onOpenChange(false);
    } catch (error) {
      toast.error(errorText(error));
    }
  };
  return (
    <ConfirmRemovalDialog
      open={open}
      onOpenChange={onOpenChange}
      title={texts.confirmTitle}
      description={texts.confirm}
      cancelLabel={texts.cancel}
      actionLabel={texts.action}
      pending={remove.isPending}
      onConfirm={() => void confirm()}
    />
  );
}
