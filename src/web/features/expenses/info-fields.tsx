import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { ScanTextIcon } from 'lucide-react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { CATEGORIES, CATEGORY_MAX, MERCHANT_MAX, NOTE_MAX } from '#shared/api/expenses-limits.ts';
import { CURRENCIES } from '#shared/domain/currency.ts';
import { formatOreText } from '#shared/domain/money.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Field, type FieldControlProps } from '../../components/ui/field.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { ChoiceSelect } from '../../components/ui/choice-select.tsx';
import { validationText } from '../../lib/form.ts';
import type { ReadingField } from './assist-reading.ts';
import { CUSTOM_CATEGORY, type ExpenseFormValues } from './expense-form.ts';
import { checkAmount } from './number-text.ts';
import { PayerFields } from './payer-fields.tsx';
import type { Person } from './people.ts';
import type { SavedRate } from './rate-field.tsx';
import { ReceiptImageField } from './receipt-image-field.tsx';

const texts = sv.expenses;
const CURRENCY_CHOICES = CURRENCIES.map((currency) => ({ value: currency, label: currency }));
const CATEGORY_CHOICES = [
  ...CATEGORIES.map((value) => ({ value, label: texts.categories[value] })),
  { value: CUSTOM_CATEGORY, label: texts.customCategory },
];

// "Växelkurs" shows only for an expense in another currency than the group's: fetched when it does (decision 069).
const loadRateField = () => import('./rate-field.tsx');
const RateField = lazy(() => loadRateField().then((m) => ({ default: m.RateField })));

/** Fetches the exchange rate field ahead, e.g. once the wizard's first step shows. */
export const preloadRateField = () => loadRateField().then(() => undefined);

interface Props {
  form: UseFormReturn<ExpenseFormValues>;
  people: readonly Person[];
  groupId: string;
  groupCurrency: string;
  savedRate?: SavedRate | undefined;
  savedThumbnailUrl?: string | null;
  onImageBusy?: (busy: boolean) => void;
  /** The photo kept on the device while offline (decision 053); only the wizard queues one. */
  onImageKept?: (file: File | null) => void;
  /** Called with each newly uploaded image, so the wizard can read the receipt; `imageAssist` shows under the image. */
  onImageUploaded?: (imageId: string) => void;
  imageAssist?: ReactNode;
  /** A file to attach as the form opens (a photo shared into Kvitt). */
  initialImageFile?: File | null;
  /**
   * The wizard's photo-first step 1 (decision 044): the receipt photo at the top under this heading, then `readNote`,
   * then the fields, those in `readFields` marked as read from the receipt.
   */
  photoFirst?: { title: ReactNode; lead: ReactNode; readNote: ReactNode; readFields: readonly ReadingField[] };
}

/** The mark under a field the receipt filled in, tied to it as its hint so screen readers say it too. */
function FromReceipt() {
  return (
    <span className="inline-flex items-center gap-1 font-medium text-primary">
      <ScanTextIcon aria-hidden className="size-3.5" />
      {sv.assist.scan.fromReceipt}
    </span>
  );
}

/** Step 1 of the wizard and the top of the edit dialog: what was bought, when, for how much, paid by whom. */
export function InfoFields({
  form,
  people,
  groupId,
  groupCurrency,
  savedRate,
  savedThumbnailUrl,
  onImageBusy,
  onImageKept,
  onImageUploaded,
  imageAssist,
  initialImageFile = null,
  photoFirst,
}: Props) {
  const { errors } = form.formState;
  const category = useWatch({ control: form.control, name: 'category' });
  const read = (field: ReadingField) => (photoFirst?.readFields.includes(field) ? <FromReceipt /> : undefined);
  const image = (
    <div className="grid gap-3 sm:col-span-2">
      <Controller
        control={form.control}
        name="imageId"
        render={({ field }) => (
          <ReceiptImageField
            groupId={groupId}
            imageId={field.value}
            onChange={(imageId) => {
              field.onChange(imageId);
              if (imageId) onImageUploaded?.(imageId);
            }}
            savedThumbnailUrl={savedThumbnailUrl ?? null}
            onBusyChange={onImageBusy}
            cameraFirst={photoFirst !== undefined}
            initialFile={initialImageFile}
            onKeptOffline={onImageKept}
          />
        )}
      />
      {imageAssist}
    </div>
  );
  return (
    <div className="grid items-start gap-5 sm:grid-cols-2">
      {photoFirst ? (
        <section aria-labelledby="photo-first-title" className="grid gap-3 rounded-lg border p-4 sm:col-span-2">
          <div className="grid gap-1">
            <h3 id="photo-first-title" className="font-semibold">
              {photoFirst.title}
            </h3>
            <p className="text-sm text-muted-foreground">{photoFirst.lead}</p>
          </div>
          {image}
        </section>
      ) : null}
      {photoFirst?.readNote}
      <Field label={texts.fields.amount} error={validationText(errors.amount?.message)} hint={read('amount')}>
        {(control) => <AmountInput form={form} control={control} />}
      </Field>
      <Field label={texts.fields.currency} hint={read('currency')}>
        {(control) => (
          <Controller
            control={form.control}
            name="currency"
            render={({ field }) => (
              <ChoiceSelect
                control={control}
                value={field.value}
                onValueChange={field.onChange}
                choices={CURRENCY_CHOICES}
              />
            )}
          />
        )}
      </Field>
      <ForeignRate form={form} groupCurrency={groupCurrency} saved={savedRate} />
      <Field label={texts.fields.date} error={validationText(errors.expenseDate?.message)} hint={read('expenseDate')}>
        {(control) => <Input {...control} type="date" {...form.register('expenseDate')} />}
      </Field>
      <Field label={texts.fields.merchant} error={validationText(errors.merchant?.message)} hint={read('merchant')}>
        {(control) => (
          <Input
            {...control}
            maxLength={MERCHANT_MAX}
            placeholder={texts.placeholders.merchant}
            autoComplete="off"
            {...form.register('merchant')}
          />
        )}
      </Field>
      <Field label={texts.fields.category} hint={read('category')}>
        {(control) => (
          <Controller
            control={form.control}
            name="category"
            render={({ field }) => (
              <ChoiceSelect
                control={control}
                value={field.value}
                onValueChange={field.onChange}
                choices={CATEGORY_CHOICES}
              />
            )}
          />
        )}
      </Field>
      {category === CUSTOM_CATEGORY ? (
        <Field label={texts.placeholders.customCategory} error={validationText(errors.customCategory?.message)}>
          {(control) => (
            <Input {...control} maxLength={CATEGORY_MAX} autoComplete="off" {...form.register('customCategory')} />
          )}
        </Field>
      ) : null}
      <PayerFields form={form} people={people} />
      <Field label={texts.fields.note} error={validationText(errors.note?.message)} className="sm:col-span-2">
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            maxLength={NOTE_MAX}
            placeholder={texts.placeholders.note}
            {...form.register('note')}
          />
        )}
      </Field>
      {photoFirst ? null : image}
    </div>
  );
}

/** "Växelkurs" while the expense's currency is not the group's. */
function ForeignRate({
  form,
  groupCurrency,
  saved,
}: {
  form: UseFormReturn<ExpenseFormValues>;
  groupCurrency: string;
  saved: SavedRate | undefined;
}) {
  const currency = useWatch({ control: form.control, name: 'currency' });
  // A rate typed for one currency says nothing about another: changing the currency drops it, also on the way to or
  // from the group's own currency, where the field is not shown.
  const lastCurrency = useRef(currency);
  const { setValue } = form;
  useEffect(() => {
    if (lastCurrency.current === currency) return;
    lastCurrency.current = currency;
    setValue('rateManual', false);
  }, [currency, setValue]);
  if (currency === groupCurrency) return null;
  return (
    <Suspense fallback={null}>
      <RateField form={form} groupCurrency={groupCurrency} saved={saved} />
    </Suspense>
  );
}

/**
 * "Belopp" as text, never type=number, whose reading depends on the browser's language: what a Swede types or pastes
 * is read by the one parser (decision 034) and shown back in Swedish writing on leaving the field.
 */
function AmountInput({ form, control }: { form: UseFormReturn<ExpenseFormValues>; control: FieldControlProps }) {
  const register = form.register('amount');
  return (
    <Input
      {...control}
      inputMode="decimal"
      autoComplete="off"
      {...register}
      onBlur={(event) => {
        const checked = checkAmount(event.target.value, form.getValues('currency'));
        if (checked.ok) form.setValue('amount', formatOreText(checked.value));
        void register.onBlur(event);
      }}
    />
  );
}
