import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { ExpenseDetail } from '#shared/api/expenses.ts';
import type { GroupDetail } from '#shared/api/groups.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { DialogFooter } from '../../components/ui/dialog.tsx';
import { Alert, Spinner } from '../../components/ui/feedback.tsx';
import { errorText } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { toExpenseBody } from './expense-body.ts';
import {
  expenseFormResolver,
  preloadExpenseSchema,
  valuesFromExpense,
  type ExpenseFormValues,
} from './expense-form.ts';
import { InfoFields } from './info-fields.tsx';
import { ParticipantFields } from './participant-fields.tsx';
import { peopleOf, type Person } from './people.ts';
import { membersQuery } from '../../lib/queries/groups.ts';
import { expenseQuery, useUpdateExpense } from './queries.ts';
import { applyServerFieldErrors } from './server-errors.ts';
import { SplitFields } from './split-fields.tsx';
import { useSplitPreview } from './split-preview.ts';

const texts = sv.expenses.edit;

interface Props {
  expenseId: string;
  group: GroupDetail;
  onDone: () => void;
}

/** The body of "Redigera utgift" (edit-expense-dialog.tsx): what is saved now, then the form, or why it failed. */
export function EditExpenseForm({ expenseId, group, onDone }: Props) {
  const expense = useQuery(expenseQuery(expenseId));
  const members = useQuery(membersQuery(group.id));
  const failed = expense.isError || members.isError;
  useEffect(preloadExpenseSchema, []);
  useEffect(() => {
    if (failed) toast.error(texts.loadFailed, { id: `edit-failed-${expenseId}` });
  }, [failed, expenseId]);
  if (failed) return <Alert variant="error">{texts.loadFailed}</Alert>;
  if (!expense.data || !members.data || expense.isFetching) {
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  }
  return (
    <EditForm expense={expense.data} group={group} people={peopleFor(expense.data, members.data)} onDone={onDone} />
  );
}

function peopleFor(expense: ExpenseDetail, members: Parameters<typeof peopleOf>[0]): Person[] {
  const named = [...expense.payers, ...expense.shares].map((person) => person.memberId);
  return peopleOf(members, new Set([expense.payerMemberId, ...named]));
}

function EditForm({
  expense,
  group,
  people,
  onDone,
}: {
  expense: ExpenseDetail;
  group: GroupDetail;
  people: Person[];
  onDone: () => void;
}) {
  const update = useUpdateExpense(group.id, expense.id);
  const [showProblem, setShowProblem] = useState(false);
  const [imageBusy, setImageBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ExpenseFormValues>({
    resolver: expenseFormResolver(group.currency),
    defaultValues: valuesFromExpense(expense),
  });
  const preview = useSplitPreview(form, people, expense.id);
  const saved = {
    currency: expense.currency,
    expenseDate: expense.expenseDate,
    rateMicros: expense.rateMicros,
    rateDate: expense.rateDate,
    source: expense.rateSource,
  };

  const save = form.handleSubmit(async (values) => {
    setFailure(null);
    if (preview.problem !== null) {
      setShowProblem(true);
      return;
    }
    const body = toExpenseBody(
      values,
      group.currency,
      people.map((p) => p.id),
      expense.id,
    );
    try {
      await update.mutateAsync({ ...body, ...(values.imageId === expense.imageId ? {} : { imageId: values.imageId }) });
    } catch (error) {
      applyServerFieldErrors(error, form.setError);
      setFailure(errorText(error));
      toast.error(errorText(error));
      return;
    }
    toast.success(sv.expenses.toasts.updated);
    onDone();
  });

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="grid gap-6">
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <InfoFields
        form={form}
        people={people}
        groupId={group.id}
        groupCurrency={group.currency}
        savedRate={saved}
        savedThumbnailUrl={expense.thumbnailUrl}
        onImageBusy={setImageBusy}
      />
      <ParticipantFields form={form} people={people} />
      <SplitFields form={form} people={people} preview={preview} showProblem={showProblem} />
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {texts.cancel}
        </Button>
        <Button type="submit" disabled={form.formState.isSubmitting || imageBusy}>
          {texts.save}
        </Button>
      </DialogFooter>
    </form>
  );
}
