import { useId } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { SPLIT_METHODS, type SplitMethod, type SplitPreview } from '#shared/domain/split.ts';
import type { ItemizedResult } from '#shared/domain/itemized-split.ts';
import { formatMoney, formatSignedMoney } from '#shared/format.ts';
import { fill } from '#shared/i18n/sv.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Alert } from '../../components/ui/feedback.tsx';
import { Input } from '../../components/ui/input.tsx';
import { RadioGroup, RadioGroupItem } from '../../components/ui/radio-group.tsx';
import { cn } from '../../lib/cn.ts';
import { validationText } from '../../lib/form.ts';
import { DEFAULT_SPLIT_TEXT, type ExpenseFormValues, type ValuedMethod } from './expense-form.ts';
import { ItemFields } from './item-fields.tsx';
import { checkAmount, checkEntry, entryText } from './number-text.ts';
import { personLabel, type Person } from './people.ts';

const texts = sv.expenses;
const HINTS: Record<SplitMethod, string> = {
  equal: texts.wizard.equalHint,
  weight: texts.wizard.weightHint,
  absolute: texts.wizard.absoluteHint,
  percent: texts.wizard.percentHint,
  items: texts.wizard.itemsHint,
};

interface Props {
  form: UseFormReturn<ExpenseFormValues>;
  people: readonly Person[];
  preview: SplitPreview;
  /** Set after a refused save: shows why in words, not only in red. */
  showProblem: boolean;
  /** "Per rad" holds the lines just read from the receipt. */
  itemsFromReceipt?: boolean;
}

/** Step 3 "Hur delas utgiften?": the method, an entry per person, and each person's share with a total line. */
export function SplitFields({ form, people, preview, showProblem, itemsFromReceipt = false }: Props) {
  const methodLabel = useId();
  const [method, currency, amount] = useWatch({ control: form.control, name: ['method', 'currency', 'amount'] });
  const amountOre = checkAmount(amount, currency);
  const total = amountOre.ok ? amountOre.value : 0;
  const byMember = new Map(preview.shares.map((share) => [share.memberId, share.amount]));
  const participants = people.filter((person) => byMember.has(person.id));
  const mismatch = preview.problem !== null;
  const itemized = method === 'items' ? preview.itemized : undefined;
  const problemText =
    method === 'items' && preview.problem && preview.problem !== 'SPLIT_MISMATCH'
      ? sv.errors[preview.problem]
      : sv.validation.splitMismatch;
  const unit = method === 'percent' ? '%' : method === 'absolute' ? currency : null;
  return (
    <div className="grid gap-5">
      <div className="grid gap-2">
        <p id={methodLabel} className="text-sm font-medium">
          {texts.wizard.methodLegend}
        </p>
        <Controller
          control={form.control}
          name="method"
          render={({ field }) => (
            <RadioGroup
              aria-labelledby={methodLabel}
              value={field.value}
              onValueChange={field.onChange}
              className="grid grid-cols-2 gap-2 sm:grid-cols-3"
            >
              {SPLIT_METHODS.map((value) => (
                <label
                  key={value}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 hover:bg-accent has-[[data-state=checked]]:border-primary"
                >
                  <RadioGroupItem value={value} />
                  <span className="text-sm">{texts.splitMethods[value]}</span>
                </label>
              ))}
            </RadioGroup>
          )}
        />
        <p className="ui-field-hint">{HINTS[method]}</p>
      </div>
      {method === 'items' ? (
        <ItemFields
          form={form}
          people={participants}
          itemized={itemized}
          showProblem={showProblem}
          fromReceipt={itemsFromReceipt}
        />
      ) : null}
      <div className="grid gap-2">
        <h3 className="text-sm font-medium">{texts.wizard.preview}</h3>
        <ul className="divide-y rounded-lg border">
          {participants.map((person) => (
            <SplitRow
              key={person.id}
              form={form}
              person={person}
              method={method}
              unit={unit}
              share={formatMoney(byMember.get(person.id) ?? 0, currency)}
              detail={itemDetail(itemized, person.id, currency)}
            />
          ))}
          <li
            className={cn(
              'flex items-center justify-between gap-3 px-3 py-2 font-semibold',
              mismatch && 'text-destructive',
            )}
            data-testid="split-total"
          >
            <span>{texts.wizard.total}</span>
            <span>{formatMoney(preview.sum, currency)}</span>
          </li>
        </ul>
        {mismatch && participants.length > 0 && method !== 'items' ? (
          <p className="text-sm text-destructive">
            {fill(texts.wizard.mismatchHint, {
              total: formatMoney(total, currency),
              sum: formatMoney(preview.sum, currency),
            })}
          </p>
        ) : null}
        {showProblem && mismatch ? <Alert variant="error">{problemText}</Alert> : null}
      </div>
    </div>
  );
}

/** "Rader 300 kr, skillnad 1,20 kr" when the lines do not make the total exactly; nothing otherwise. */
function itemDetail(itemized: ItemizedResult | undefined, memberId: string, currency: string): string | null {
  const share = itemized?.shares.find((s) => s.memberId === memberId);
  if (!itemized || !share || itemized.differenceOre === 0) return null;
  return fill(texts.items.personDetail, {
    lines: formatMoney(share.linesOre, currency),
    difference: formatSignedMoney(share.differenceOre, currency),
  });
}

interface RowProps {
  form: UseFormReturn<ExpenseFormValues>;
  person: Person;
  method: SplitMethod;
  unit: string | null;
  share: string;
  /** Under the name for "Per rad": the person's lines and their part of the difference. */
  detail?: string | null;
}

/** A person's share, and for every method but equal their entry: text read by the one parser (decision 034). */
function SplitRow({ form, person, method, unit, share, detail = null }: RowProps) {
  const inputId = useId();
  const name = personLabel(person);
  const valued: ValuedMethod | null = method === 'equal' || method === 'items' ? null : method;
  const field = valued ? (`splitValues.${valued}.${person.id}` as const) : 'amount';
  const typed = useWatch({ control: form.control, name: field });
  const currency = useWatch({ control: form.control, name: 'currency' });
  const value = valued ? (typed ?? DEFAULT_SPLIT_TEXT[valued]) : '';
  const checked = valued && value.trim() !== '' ? checkEntry(valued, value, currency) : null;
  const problem = checked && !checked.ok ? validationText(checked.code) : undefined;
  const errorId = `${inputId}-error`;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
      <span className="grid min-w-0 basis-full sm:flex-1 sm:basis-auto">
        <span className="truncate">{name}</span>
        {detail ? <span className="text-xs text-muted-foreground">{detail}</span> : null}
      </span>
      {valued ? (
        <span className="flex items-center gap-1">
          <Input
            id={inputId}
            inputMode="decimal"
            autoComplete="off"
            className="w-28 text-right"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
            aria-label={fill(texts.wizard.valueLabel, { name, method: texts.splitMethods[valued] })}
            value={value}
            onChange={(event) => form.setValue(field, event.target.value, { shouldDirty: true })}
            onBlur={() => {
              // What was read is shown back in Swedish writing ("1234.5" → "1 234,50"), so a misreading is seen.
              if (checked?.ok) form.setValue(field, entryText(valued, checked.value), { shouldDirty: true });
            }}
          />
          {unit ? <span className="w-10 text-sm text-muted-foreground">{unit}</span> : null}
        </span>
      ) : null}
      <span className="ml-auto w-28 text-right tabular-nums" data-testid="share-amount">
        {share}
      </span>
      {problem ? (
        <p id={errorId} className="ui-field-error basis-full sm:text-right">
          {problem}
        </p>
      ) : null}
    </li>
  );
}
