import { RepeatIcon } from 'lucide-react';
import { FREQUENCIES, occurrenceDate, type Frequency } from '#shared/domain/recurrence.ts';
import { formatDate } from '#shared/format.ts';
import { fill } from '#shared/i18n/sv.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { endBeforeStart, type RepeatChoice } from './recurring-queries.ts';

const texts = sv.recurring;
/** The select's value for "does not repeat" (a select item may not have an empty value). */
const NEVER = 'never';

interface Props {
  value: RepeatChoice;
  onChange: (value: RepeatChoice) => void;
  /** The expense's date: the first occurrence, from which the next ones are counted. */
  startDate: string;
}

/** "Upprepa" on the wizard's last step (decision 061): how often the expense comes back, and until when. */
export function RepeatFields({ value, onChange, startDate }: Props) {
  const next = value ? occurrenceDate(startDate, value.frequency, 1) : null;
  return (
    <div className="grid gap-3 rounded-lg border p-3 sm:p-4">
      <Field
        label={
          <span className="inline-flex items-center gap-2">
            <RepeatIcon aria-hidden className="size-4" />
            {texts.repeat}
          </span>
        }
        hint={next ? fill(texts.firstNext, { date: formatDate(next) }) : undefined}
      >
        {(control) => (
          <Select
            value={value?.frequency ?? NEVER}
            onValueChange={(chosen) =>
              onChange(chosen === NEVER ? null : { frequency: chosen as Frequency, endDate: value?.endDate ?? null })
            }
          >
            <SelectTrigger id={control.id} aria-describedby={control['aria-describedby']}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={NEVER}>{texts.never}</SelectItem>
              {FREQUENCIES.map((frequency) => (
                <SelectItem key={frequency} value={frequency}>
                  {texts.frequencies[frequency]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
      {value ? (
        <Field
          label={texts.endDate}
          hint={texts.endDateHint}
          error={endBeforeStart(value, startDate) ? sv.validation.endBeforeStart : undefined}
        >
          {(control) => (
            <Input
              {...control}
              type="date"
              min={startDate}
              value={value.endDate ?? ''}
              onChange={(event) => onChange({ ...value, endDate: event.target.value || null })}
            />
          )}
        </Field>
      ) : null}
    </div>
  );
}
