import { useId, useRef } from 'react';
import { CheckIcon, LoaderCircleIcon, ScanTextIcon } from 'lucide-react';
import { useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import type { OcrItem, OcrResult } from '#shared/api/receipts.ts';
import { formatMoney } from '#shared/format.ts';
import { fill } from '#shared/i18n/sv.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { Alert } from '../../components/ui/feedback.tsx';
import { ApiError, errorText } from '../../lib/api.ts';
import { readingApplied, readingPatch, typedConflicts, READING_FIELDS, type ReadingField } from './assist-reading.ts';
import { writeReading } from './assist-autofill.ts';
import type { ReceiptScan } from './assist-queries.ts';
import { readValueText, typedValueText } from './assist-reading-text.ts';
import type { ExpenseFormValues } from './expense-form.ts';

const texts = sv.assist.scan;
const plural = new Intl.PluralRules('sv-SE');
// A new photo will not help with these; trying the same one again might.
const TRANSIENT = new Set([
  'OCR_BUSY',
  'OCR_UNAVAILABLE',
  'OCR_TIMEOUT',
  'STORAGE_UNAVAILABLE',
  'RATE_LIMITED',
  'INTERNAL',
]);

interface Props {
  form: UseFormReturn<ExpenseFormValues>;
  scan: ReceiptScan;
}

/** Under the receipt image in step 1: the reading of the chosen image while it runs, and then what it found. */
export function ReceiptScanPanel({ form, scan }: Props) {
  const imageId = useWatch({ control: form.control, name: 'imageId' });
  // Removing or replacing the image ends what was read from it.
  if (!imageId || scan.imageId !== imageId) return null;
  if (scan.reading) {
    return (
      <p role="status" className="flex items-center gap-2 rounded-lg border bg-muted/40 px-3 py-2 text-sm">
        <LoaderCircleIcon aria-hidden className="size-4 animate-spin" />
        {texts.reading}
      </p>
    );
  }
  if (scan.error) {
    const transient = !(scan.error instanceof ApiError) || TRANSIENT.has(scan.error.code);
    return (
      <Alert variant="error" title={texts.failed}>
        <p>{errorText(scan.error)}</p>
        {transient ? (
          <Button variant="outline" size="sm" className="justify-self-start" onClick={() => scan.read(imageId)}>
            {texts.retry}
          </Button>
        ) : null}
      </Alert>
    );
  }
  return scan.result ? <ReadingResult form={form} result={scan.result} /> : null;
}

/** What was read, the person's own differing values beside it, and the one action that applies it all. */
function ReadingResult({ form, result }: { form: UseFormReturn<ExpenseFormValues>; result: OcrResult }) {
  const titleId = useId();
  const status = useRef<HTMLParagraphElement>(null);
  const [amount, expenseDate, merchant, category, currency, customCategory] = useWatch({
    control: form.control,
    name: [...READING_FIELDS, 'customCategory'],
  });
  const { dirtyFields } = useFormState({ control: form.control, name: [...READING_FIELDS] });
  const values = { amount, expenseDate, merchant, category, currency };
  const patch = readingPatch(result);
  const conflicts = typedConflicts(patch, values, dirtyFields);
  const applied = readingApplied(patch, values);

  return (
    <section aria-labelledby={titleId} className="grid gap-3 rounded-lg border bg-muted/40 p-4">
      <h3 id={titleId} className="flex items-center gap-2 font-semibold">
        <ScanTextIcon aria-hidden className="size-4 text-muted-foreground" />
        {texts.title}
      </h3>
      <ReadingList result={result} shown={{ ...values, customCategory }} conflicts={conflicts} />
      {result.currency && !patch.currency ? <p className="text-sm">{texts.currencyUnsupported}</p> : null}
      <ReadingItems items={result.items} currency={patch.currency ?? currency} />
      <div className="flex flex-wrap items-center gap-3">
        {applied ? null : (
          <Button
            onClick={() => {
              writeReading(form, patch, true);
              // The button goes away once applied; the confirmation takes the focus so it is not lost.
              status.current?.focus();
            }}
          >
            {texts.apply}
          </Button>
        )}
        <p ref={status} tabIndex={-1} role="status" className="flex items-center gap-2 text-sm outline-none">
          {applied ? <CheckIcon aria-hidden className="size-4 text-positive" /> : null}
          {applied ? texts.applied : conflicts.length > 0 ? texts.replaces : texts.lead}
        </p>
      </div>
    </section>
  );
}

type Shown = Pick<ExpenseFormValues, ReadingField | 'customCategory'>;

/** Each field as read, and under it what the person typed when that differs. */
function ReadingList({ result, shown, conflicts }: { result: OcrResult; shown: Shown; conflicts: ReadingField[] }) {
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
      {READING_FIELDS.map((field) => (
        <div key={field} className="contents">
          <dt className="text-muted-foreground">{sv.expenses.fields[field === 'expenseDate' ? 'date' : field]}</dt>
          <dd className="grid" data-testid={`reading-${field}`}>
            <span className="font-medium">{readValueText(field, result, shown.currency) ?? texts.notRead}</span>
            {conflicts.includes(field) ? (
              <span className="text-muted-foreground">
                {fill(texts.typed, { value: typedValueText(field, shown) })}
              </span>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The line items the reader could make out, folded away: useful to recognise the receipt, rarely to read in full. */
function ReadingItems({ items, currency }: { items: readonly OcrItem[]; currency: string }) {
  if (items.length === 0) return null;
  const forms = texts.items;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-muted-foreground">
        {fill(plural.select(items.length) === 'one' ? forms.one : forms.other, { count: items.length })}
      </summary>
      <ul className="mt-2 grid gap-1">
        {items.map((item, index) => (
          <li key={index} className="flex justify-between gap-4">
            <span className="min-w-0 truncate">{item.description}</span>
            <span className="shrink-0 tabular-nums">{formatMoney(item.amountOre, currency)}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
