import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { RateSource } from '#shared/api/expenses.ts';
import { checkExpenseAmount } from '#shared/domain/limit-checks.ts';
import { parseOre } from '#shared/domain/money.ts';
import { parseRateMicros, rateToText } from '#shared/domain/rate-text.ts';
import { formatDate, formatMoney } from '#shared/format.ts';
import { fill } from '#shared/i18n/sv.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { Alert } from '../../components/ui/feedback.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { validationText } from '../../lib/form.ts';
import type { ExpenseFormValues } from './expense-form.ts';
import { rateQuery } from './queries.ts';

const texts = sv.expenses.rate;

/** The rate already saved with an expense being edited; kept while its currency and date stay (balances never drift). */
export interface SavedRate {
  currency: string;
  receiptDate: string;
  rateMicros: number;
  rateDate: string | null;
  source: RateSource;
}

interface Props {
  form: UseFormReturn<ExpenseFormValues>;
  groupCurrency: string;
  saved?: SavedRate | undefined;
}

function sourceText(source: RateSource, values: { date: string; from: string; to: string; rate: string }): string {
  if (source === 'ecb') return fill(texts.ecb, values);
  if (source === 'stored') return fill(texts.stored, values);
  if (source === 'manual') return fill(texts.manual, values);
  return texts.fallback;
}

/**
 * "Växelkurs", shown when the expense is in another currency than the group's: the ECB rate of the date is fetched
 * (with a notice meanwhile) and filled in; typing another rate makes it a manual rate. Where the rate came from,
 * and its date, is always said, so a fallback to 1 is never silent.
 */
export function RateField({ form, groupCurrency, saved }: Props) {
  const [currency, receiptDate, rate, rateManual, amount] = useWatch({
    control: form.control,
    name: ['currency', 'receiptDate', 'rate', 'rateManual', 'amount'],
  });
  const foreign = currency !== groupCurrency;
  const keepSaved = saved !== undefined && saved.currency === currency && saved.receiptDate === receiptDate;
  const quote = useQuery({
    ...rateQuery(currency, groupCurrency, receiptDate),
    enabled: foreign && !keepSaved && /^\d{4}-\d{2}-\d{2}$/.test(receiptDate),
  });
  const current = keepSaved
    ? { rateMicros: saved.rateMicros, rateDate: saved.rateDate, source: saved.source }
    : quote.data;

  const { setValue, getValues } = form;
  const currentMicros = current?.rateMicros;
  useEffect(() => {
    if (!foreign || rateManual || currentMicros === undefined) return;
    const text = rateToText(currentMicros);
    if (getValues('rate') !== text) setValue('rate', text);
  }, [foreign, rateManual, currentMicros, getValues, setValue]);

  if (!foreign) return null;
  const micros = parseRateMicros(rate);
  const totalOre = parseOre(amount);
  // Only within the limits: past them the sum is not shown (the form says why) and cannot overflow.
  const checked = micros !== null && totalOre !== null ? checkExpenseAmount({ totalOre, rateMicros: micros }) : null;
  const converted = checked?.ok ? formatMoney(checked.value, groupCurrency) : null;
  const shownSource: RateSource | null = rateManual ? 'manual' : (current?.source ?? null);
  const error = form.formState.errors.rate?.message;

  return (
    <div className="grid gap-3 sm:col-span-2">
      {quote.isFetching && !rateManual ? (
        <Alert>{texts.fetching}</Alert>
      ) : shownSource && shownSource !== 'same' ? (
        <Alert variant={shownSource === 'fallback' && !rateManual ? 'error' : 'info'}>
          {sourceText(shownSource, {
            date: formatDate(current?.rateDate ?? receiptDate),
            from: currency,
            to: groupCurrency,
            rate: rate || '–',
          })}
        </Alert>
      ) : null}
      <Field
        label={sv.expenses.fields.rate}
        hint={fill(texts.hint, { from: currency, to: groupCurrency })}
        error={validationText(error)}
      >
        {(control) => (
          <div className="flex flex-wrap items-center gap-3">
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              className="w-36"
              {...form.register('rate', { onChange: () => setValue('rateManual', true) })}
            />
            {converted ? (
              <span className="text-sm text-muted-foreground">{fill(texts.converted, { amount: converted })}</span>
            ) : null}
            {rateManual && current ? (
              <Button
                variant="link"
                size="sm"
                onClick={() => {
                  setValue('rateManual', false);
                  setValue('rate', rateToText(current.rateMicros));
                }}
              >
                {texts.useFetched}
              </Button>
            ) : null}
          </div>
        )}
      </Field>
    </div>
  );
}
