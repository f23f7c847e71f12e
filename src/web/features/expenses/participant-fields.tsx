import { useId, type ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { fill } from '#shared/i18n/sv.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { validationText } from '../../lib/form.ts';
import type { ExpenseFormValues } from './expense-form.ts';
import { personLabel, type Person } from './people.ts';

const texts = sv.expenses.wizard;

interface Props {
  form: UseFormReturn<ExpenseFormValues>;
  people: readonly Person[];
  /** The wizard's "AI-förslag" button, placed beside Alla and Ingen, and its explanation under them. */
  extraAction?: ReactNode;
  actionNote?: ReactNode;
}

/** Step 2 "Vilka var med?": a checkbox per member, with Alla and Ingen; at least one must be chosen. */
export function ParticipantFields({ form, people, extraAction, actionNote }: Props) {
  const errorId = useId();
  const error = validationText(form.formState.errors.participantIds?.message);
  return (
    <Controller
      control={form.control}
      name="participantIds"
      render={({ field }) => {
        const chosen = new Set(field.value);
        const set = (ids: string[]) => field.onChange(people.map((p) => p.id).filter((id) => ids.includes(id)));
        const toggle = (id: string, on: boolean) =>
          set(on ? [...chosen, id] : [...chosen].filter((other) => other !== id));
        return (
          <fieldset
            className="grid gap-4"
            aria-describedby={error ? errorId : undefined}
            aria-invalid={error ? true : undefined}
          >
            <legend className="text-sm font-medium">{texts.participantsLegend}</legend>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {fill(texts.selectedCount, { count: chosen.size, total: people.length })}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" size="sm" onClick={() => set(people.map((p) => p.id))}>
                  {texts.all}
                </Button>
                <Button variant="outline" size="sm" onClick={() => set([])}>
                  {texts.none}
                </Button>
                {extraAction}
              </div>
            </div>
            {actionNote}
            <ul className="grid gap-2 sm:grid-cols-2">
              {people.map((person) => {
                const id = `participant-${person.id}`;
                return (
                  <li key={person.id}>
                    <label
                      htmlFor={id}
                      className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 hover:bg-accent"
                    >
                      <Checkbox
                        id={id}
                        checked={chosen.has(person.id)}
                        onCheckedChange={(on) => toggle(person.id, on === true)}
                      />
                      <span className="min-w-0 break-words">{personLabel(person)}</span>
                    </label>
                  </li>
                );
              })}
            </ul>
            {error ? (
              <p id={errorId} role="alert" className="ui-field-error">
                {error}
              </p>
            ) : null}
          </fieldset>
        );
      }}
    />
  );
}
