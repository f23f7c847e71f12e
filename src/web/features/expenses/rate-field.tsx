import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { RateSource } from '#shared/api/expenses.ts';
import { checkExpenseAmount } from '#shared/domain/limit-checks.ts';
import { formatRateText } from '#shared/domain/rate-text.ts';
import { formatDate, formatMoney } from '#shared/format.ts';
import { fill } from '#shared/i18n/sv.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { Alert } from '../../components/ui/feedback.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { validationText } from '../../lib/form.ts';
import type { ExpenseFormValues } from './expense-form.ts';
import { checkAmount, checkRate } from './number-text.ts';
import { rateQuery } from './queries.ts';

const texts = sv.expenses.rate;

/** The rate already saved with an expense being edited; kept while its currency and date stay (balances never drift). */
export interface SavedRate {
  currency: string;
  expenseDate: string;
  rateMicros: number;
  rateDate: string | null;
  source: RateSource;
}

interface Props {
  form: UseFormReturn<ExpenseFormValues>;
  groupCurrency: string;
  saved?: SavedRate | undefined;
}

/** Where the shown rate came from; `none` when no rate of the pair is known at all. */
type Shown = 'ecb' | 'stored' | 'manual' | 'none';
type Current = { rateMicros: number; rateDate: string | null; source: RateSource };

const NOTICE: Record<Shown, string> = { ecb: texts.ecb, stored: texts.stored, manual: texts.manual, none: texts.none };

function shownSource(rateManual: boolean, unknown: boolean, current: Current | null): Shown | null {
  if (rateManual) return 'manual';
  if (unknown) return 'none';
  const source = current?.source;
  return source === 'ecb' || source === 'stored' || source === 'manual' ? source : null;
}

/**
 * The rate of the expense's currency and date: the one saved with it (edit, while currency and date stay, unless it
 * was saved without a known rate), otherwise the server's quote: ECB, or the last known rate when the ECB cannot be
 * reached. Null while the quote loads and when no rate is known (decision 035).
 */
function useCurrentRate(
  foreign: boolean,
  currency: string,
  groupCurrency: string,
  expenseDate: string,
  saved: SavedRate | undefined,
) {
  const keepSaved =
    saved !== undefined &&
    saved.source !== 'fallback' &&
    saved.currency === currency &&
    saved.expenseDate === expenseDate;
  const quote = useQuery({
    ...rateQuery(currency, groupCurrency, expenseDate),
    enabled: foreign && !keepSaved && /^\d{4}-\d{2}-\d{2}$/.test(expenseDate),
  });
  const data = quote.data;
  const current: Current | null = keepSaved
    ? { rateMicros: saved.rateMicros, rateDate: saved.rateDate, source: saved.source }
    : data && data.rateMicros !== null && data.source !== 'none'
      ? { rateMicros: data.rateMicros, rateDate: data.rateDate, source: data.source }
      : null;
  const unknown = !keepSaved && (data?.source === 'none' || quote.isError);
  return { current, fetching: quote.isFetching, unknown };
}

/**
 * "Växelkurs", shown when the expense is in another currency than the group's: the known rate of the date is filled
 * in, and typing another makes it a manual rate. Where the rate came from, and its date, is always said. With no
 * rate known the field stays empty and must be filled: nothing defaults to 1 (decision 035).
 */
export function RateField({ form, groupCurrency, saved }: Props) {
  const [currency, expenseDate, rate, rateManual, amount] = useWatch({
    control: form.control,
    name: ['currency', 'expenseDate', 'rate', 'rateManual', 'amount'],
  });
  const foreign = currency !== groupCurrency;
  const { current, fetching, unknown } = useCurrentRate(foreign, currency, groupCurrency, expenseDate, saved);
  const { setValue, getValues, clearErrors } = form;

  // Dropping a typed rate when the currency changes is info-fields.tsx's, which mounts this field.
  const currentMicros = current?.rateMicros ?? null;
  useEffect(() => {
    if (!foreign || rateManual) return;
    const text = currentMicros === null ? '' : formatRateText(currentMicros);
    if (getValues('rate') === text) return;
    setValue('rate', text);
    // "Ange växelkursen" from a check made while the rate was still on its way no longer holds.
    if (text) clearErrors('rate');
  }, [foreign, rateManual, currentMicros, getValues, setValue, clearErrors]);

  if (!foreign) return null;
  const typed = checkRate(rate, groupCurrency);
  const total = checkAmount(amount, currency);
  // Only within the limits (decision 036): past them the sum is not shown (the form says why) and cannot overflow.
  const checked = typed.ok && total.ok ? checkExpenseAmount({ totalOre: total.value, rateMicros: typed.value }) : null;
  const converted = checked?.ok ? formatMoney(checked.value, groupCurrency) : null;
  const shown = shownSource(rateManual, unknown, current);
  const error = form.formState.errors.rate?.message;
  const register = form.register('rate', { onChange: () => setValue('rateManual', true) });

  return (
    <div className="grid gap-3 sm:col-span-2">
      {fetching && !rateManual ? (
        <Alert>{texts.fetching}</Alert>
      ) : shown ? (
        <Alert variant={shown === 'none' ? 'error' : 'info'}>
          {fill(NOTICE[shown], {
            date: formatDate(current?.rateDate ?? expenseDate),
            from: currency,
            to: groupCurrency,
            rate: rate || '–',
          })}
        </Alert>
      ) : null}
      <Field
        label={sv.expenses.fields.rate}
        hint={fill(unknown && !rateManual ? texts.hintNone : texts.hint, { from: currency, to: groupCurrency })}
        error={validationText(error)}
      >
        {(control) => (
          <div className="flex flex-wrap items-center gap-3">
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              aria-required
              className="w-36"
              {...register}
              onBlur={(event) => {
                // What was read is shown back in Swedish writing, so a misread rate is seen before saving.
                if (typed.ok && rateManual) setValue('rate', formatRateText(typed.value));
                void register.onBlur(event);
              }}
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
                  setValue('rate', formatRateText(current.rateMicros));
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
