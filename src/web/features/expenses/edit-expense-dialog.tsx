import { Suspense } from 'react';
import type { GroupDetail } from '#shared/api/groups.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/feedback.tsx';
import { preloadable } from '../../lib/preloadable.tsx';

const texts = sv.expenses.edit;

// The form brings react-hook-form, the split and the fields: loaded when a payer opens the dialog (or its menu).
const editExpenseForm = preloadable(() => import('./edit-expense-form.tsx').then((m) => m.EditExpenseForm));
const EditExpenseForm = editExpenseForm.Component;
export const preloadEditExpenseForm = editExpenseForm.preload;

interface Props {
  expenseId: string;
  group: GroupDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Redigera utgift": the wizard's fields and split on one form, loaded from what is saved now. */
export function EditExpenseDialog({ expenseId, group, open, onOpenChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="md:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogDescription>{texts.description}</DialogDescription>
        </DialogHeader>
        {open ? (
          <Suspense
            fallback={
              <div className="flex justify-center py-10">
                <Spinner />
              </div>
            }
          >
            <EditExpenseForm expenseId={expenseId} group={group} onDone={() => onOpenChange(false)} />
          </Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
