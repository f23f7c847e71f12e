import { useId } from 'react';
import { UsersIcon, UserIcon } from 'lucide-react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { formatOreText } from '#shared/domain/money.ts';
import { formatMoney } from '#shared/format.ts';
import { fill } from '#shared/i18n/sv.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { cn } from '../../lib/cn.ts';
import { validationText } from '../../lib/form.ts';
import type { ExpenseFormValues } from './expense-form.ts';
import { checkEntry } from './number-text.ts';
import { typedPayers } from './payer-amounts.ts';
import { personLabel, type Person } from './people.ts';

const texts = sv.expenses;

interface Props {
  form: UseFormReturn<ExpenseFormValues>;
  people: readonly Person[];
}

/**
 * "Betalare" in step 1 and the edit dialog: one payer from a list, or after "Flera betalare" an amount per person
 * with what is left to assign (decision 057). Switching back keeps what was typed, so nothing is lost by a mistap.
 */
export function PayerFields({ form, people }: Props) {
  const several = useWatch({ control: form.control, name: 'severalPayers' });
  const toggle = (value: boolean) => {
    form.setValue('severalPayers', value, { shouldDirty: true });
    form.clearErrors('payerAmounts');
  };
  if (several) return <SeveralPayers form={form} people={people} onSingle={() => toggle(false)} />;
  const { errors } = form.formState;
  return (
    <div className="grid gap-1">
      <Field label={texts.fields.payer} error={validationText(errors.payerMemberId?.message)}>
        {(control) => (
          <Controller
            control={form.control}
            name="payerMemberId"
            render={({ field }) => (
              <Select value={field.value || undefined} onValueChange={field.onChange}>
                <SelectTrigger
                  id={control.id}
                  aria-invalid={control['aria-invalid']}
                  aria-describedby={control['aria-describedby']}
                >
                  <SelectValue placeholder={texts.fields.payer} />
                </SelectTrigger>
                <SelectContent>
                  {people.map((person) => (
                    <SelectItem key={person.id} value={person.id}>
                      {personLabel(person)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
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

function SeveralPayers({ form, people, onSingle }: Props & { onSingle: () => void }) {
  const legendId = useId();
  const hintId = useId();
  const errorId = useId();
  const [amount, currency, payerAmounts] = useWatch({
    control: form.control,
    name: ['amount', 'currency', 'payerAmounts'],
  });
  const typed = typedPayers(
    { amount, currency, payerAmounts },
    people.map((p) => p.id),
  );
  // The schema puts one message on the whole record (payersProblem), not one per person.
  const error = validationText((form.formState.errors.payerAmounts as { message?: string } | undefined)?.message);
  const remainder = typed.remainderOre;
  return (
    <fieldset
      aria-labelledby={legendId}
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      className="grid gap-3 rounded-lg border p-3 sm:col-span-2"
    >
      <div className="grid gap-0.5">
        <p id={legendId} className="text-sm font-medium">
          {texts.payers.legend}
        </p>
        <p id={hintId} className="ui-field-hint">
          {texts.payers.hint}
        </p>
      </div>
      <ul className="grid gap-2">
        {people.map((person) => (
          <PayerRow
            key={person.id}
            form={form}
            person={person}
            currency={currency}
            problem={typed.problems[person.id]}
          />
        ))}
      </ul>
      <p
        role="status"
        data-testid="payers-remainder"
        className={cn(
          'rounded-md px-3 py-2 text-sm font-medium tabular-nums',
          remainder === 0 ? 'bg-positive/10 text-positive' : 'bg-muted',
          remainder !== null && remainder < 0 && 'text-destructive',
        )}
      >
        {remainder === null
          ? texts.payers.noAmount
          : remainder === 0
            ? texts.payers.done
            : fill(remainder > 0 ? texts.payers.remaining : texts.payers.over, {
                amount: formatMoney(Math.abs(remainder), currency),
              })}
      </p>
      {error ? (
        <p id={errorId} className="ui-field-error">
          {error}
        </p>
      ) : null}
      <Button variant="link" className="min-h-11 justify-self-start px-0" onClick={onSingle}>
        <UserIcon aria-hidden />
        {texts.payers.single}
      </Button>
    </fieldset>
  );
}

interface RowProps {
  form: UseFormReturn<ExpenseFormValues>;
  person: Person;
  currency: string;
  problem: string | undefined;
}

/** One person's amount: text read by the one parser and shown back in Swedish writing on leaving the field. */
function PayerRow({ form, person, currency, problem }: RowProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const field = `payerAmounts.${person.id}` as const;
  const value = useWatch({ control: form.control, name: field }) ?? '';
  const name = personLabel(person);
  const message = validationText(problem);
  return (
    <li className="grid gap-1">
      <div className="flex items-center gap-3">
        <label htmlFor={inputId} className="min-w-0 flex-1 truncate text-sm">
          {name}
        </label>
        <Input
          id={inputId}
          inputMode="decimal"
          autoComplete="off"
          className="w-32 text-right"
          aria-label={fill(texts.payers.amountLabel, { name })}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          value={value}
          onChange={(event) => {
            form.setValue(field, event.target.value, { shouldDirty: true });
            // The remainder below says at once whether it adds up; an old refusal would only contradict it.
            if (form.formState.errors.payerAmounts) form.clearErrors('payerAmounts');
          }}
          onBlur={() => {
            // What was read is shown back in Swedish writing, as the amount is ("1234.5" → "1 234,50").
            const checked = value.trim() === '' ? null : checkEntry('absolute', value, currency);
            if (checked?.ok) form.setValue(field, formatOreText(checked.value), { shouldDirty: true });
          }}
        />
        <span className="w-10 text-sm text-muted-foreground">{currency}</span>
      </div>
      {message ? (
        <p id={errorId} className="ui-field-error text-right">
          {message}
        </p>
      ) : null}
    </li>
  );
}
