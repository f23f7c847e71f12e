import { useId } from 'react';
import { LoaderCircleIcon, SparklesIcon } from 'lucide-react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../lib/toast.ts';
import { useParticipantSuggestion } from './assist-queries.ts';
import { suggestionBody } from './assist-suggest-body.ts';
import type { ExpenseFormValues } from './expense-form.ts';
import { ParticipantFields } from './participant-fields.tsx';
import type { Person } from './people.ts';

const texts = sv.assist.suggest;

interface Props {
  form: UseFormReturn<ExpenseFormValues>;
  people: readonly Person[];
  groupId: string;
  groupCurrency: string;
}

/** Step 2 "Vilka var med?" in the wizard: the participant checkboxes with the "AI-förslag" button beside Alla and Ingen. */
export function ParticipantStep({ form, people, groupId, groupCurrency }: Props) {
  const noteId = useId();
  const suggestion = useParticipantSuggestion(groupId);
  const [merchant, category, customCategory, amount, currency, rate, payerMemberId, expenseDate] = useWatch({
    control: form.control,
    name: ['merchant', 'category', 'customCategory', 'amount', 'currency', 'rate', 'payerMemberId', 'expenseDate'],
  });
  const body = suggestionBody(
    { merchant, category, customCategory, amount, currency, rate, payerMemberId, expenseDate },
    groupCurrency,
  );
  const ask = () => {
    if (!body) return;
    suggestion.mutate(body, {
      onSuccess: (memberIds) => {
        const ids = people.map((p) => p.id).filter((id) => memberIds.includes(id));
        form.setValue('participantIds', ids, { shouldDirty: true, shouldValidate: ids.length > 0 });
        toast.success(texts.applied);
      },
    });
  };
  const button = (
    <Button
      variant="outline"
      size="sm"
      disabled={!body || suggestion.isPending}
      aria-describedby={noteId}
      onClick={ask}
    >
      {suggestion.isPending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : <SparklesIcon aria-hidden />}
      {suggestion.isPending ? texts.busy : texts.button}
    </Button>
  );
  const note = (
    <p id={noteId} className="ui-field-hint">
      {body ? texts.hint : texts.needsMerchant}
    </p>
  );
  return <ParticipantFields form={form} people={people} extraAction={button} actionNote={note} />;
}
