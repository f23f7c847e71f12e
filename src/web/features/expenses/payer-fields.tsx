import { lazy, Suspense } from 'react';
import { UsersIcon } from 'lucide-react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ChoiceSelect } from '../../components/ui/choice-select.tsx';
import { validationText } from '../../lib/form.ts';
import type { ExpenseFormValues } from './expense-form.ts';
import { personLabel, type Person } from './people.ts';

const texts = sv.expenses;

// Fetched when "Flera betalare" is first opened, not with the wizard's first load.
const SeveralPayers = lazy(() => import('./several-payers.tsx').then((m) => ({ default: m.SeveralPayers })));

export interface PayerFieldsProps {
  form: UseFormReturn<ExpenseFormValues>;
  people: readonly Person[];
}

/**
 * "Betalare" in step 1 and the edit dialog: one payer from a list, or after "Flera betalare" an amount per person
 * with what is left to assign (decision 057). Switching back keeps what was typed, so nothing is lost by a mistap.
 */
export function PayerFields({ form, people }: PayerFieldsProps) {
  const several = useWatch({ control: form.control, name: 'severalPayers' });
  const toggle = (value: boolean) => {
    form.setValue('severalPayers', value, { shouldDirty: true });
    form.clearErrors('payerAmounts');
  };
  if (several)
    return (
      <Suspense fallback={<Spinner />}>
        <SeveralPayers form={form} people={people} onSingle={() => toggle(false)} />
      </Suspense>
    );
  const { errors } = form.formState;
  return (
    <div className="grid gap-1">
      <Field label={texts.fields.payer} error={validationText(errors.payerMemberId?.message)}>
        {(control) => (
          <Controller
            control={form.control}
            name="payerMemberId"
            render={({ field }) => (
              <ChoiceSelect
                control={control}
                value={field.value || undefined}
                onValueChange={field.onChange}
                choices={people.map((person) => ({ value: person.id, label: personLabel(person) }))}
                placeholder={texts.fields.payer}
              />
            )}
          />
        )}
      </Field>
      {people.length > 1 ? (
        <Button variant="link" className="min-h-11 justify-self-start px-0" onClick={() => toggle(true)}>
          <UsersIcon aria-hidden />
          {texts.payers.several}
        </Button>
      ) : null}
    </div>
  );
}
