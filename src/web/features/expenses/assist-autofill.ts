import { useEffect, useRef, useState, type RefObject } from 'react';
import { useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import type { OcrResult } from '#shared/api/receipts.ts';
import { autofillPatch, fieldsFromReading, readingPatch, READING_FIELDS, type ReadingPatch } from './assist-reading.ts';
import type { ReadingField } from './assist-reading.ts';
import type { ExpenseFormValues } from './expense-form.ts';

/**
 * Writes read values into the form and re-checks fields that showed an error. `typed` marks them as the person's
 * own ("Använd uppgifterna"); values filled by themselves stay replaceable by the reading of another photo.
 */
export function writeReading(form: UseFormReturn<ExpenseFormValues>, patch: ReadingPatch, typed: boolean): void {
  if (patch.currency && patch.currency !== form.getValues('currency')) form.setValue('rateManual', false);
  for (const field of READING_FIELDS) {
    const value = patch[field];
    if (value === undefined) continue;
    form.setValue(field, value, { shouldDirty: typed, shouldValidate: form.getFieldState(field).invalid });
  }
}

// Someone typing in a field keeps the focus and the view where they are.
const typingSomewhere = () => {
  const active = document.activeElement;
  return active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement || active?.role === 'combobox';
};

/**
 * Step 1, photo first (decision 044): `onRead`, given to the receipt scan, fills in the fields the person left alone
 * as soon as the receipt is read, and the view returns to them (to `note`, which then takes the focus).
 * `readFields` are the fields that still hold what the receipt said, to mark them as read from it.
 */
export function useReceiptAutofill(
  form: UseFormReturn<ExpenseFormValues>,
  note: RefObject<HTMLElement | null>,
  active: boolean,
): { onRead: (imageId: string, result: OcrResult) => void; readFields: ReadingField[] } {
  const [filled, setFilled] = useState<{ imageId: string; patch: ReadingPatch } | null>(null);
  const returnTo = useRef(false);
  // Subscribing here makes the form keep track of which fields the person typed in.
  useFormState({ control: form.control, name: [...READING_FIELDS] });
  const onRead = (imageId: string, result: OcrResult) => {
    const typed = Object.fromEntries(READING_FIELDS.map((field) => [field, form.getFieldState(field).isDirty]));
    const patch = autofillPatch(readingPatch(result), form.getValues(), typed);
    writeReading(form, patch, false);
    returnTo.current = Object.keys(patch).length > 0;
    setFilled({ imageId, patch });
  };
  useEffect(() => {
    if (!filled || !returnTo.current) return;
    returnTo.current = false;
    if (!active || typingSomewhere()) return;
    note.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    note.current?.focus({ preventScroll: true });
  }, [filled, active, note]);
  const imageId = useWatch({ control: form.control, name: 'imageId' });
  const [amount, expenseDate, merchant, category, currency] = useWatch({
    control: form.control,
    name: [...READING_FIELDS],
  });
  // Removing or replacing the image ends what was read from it.
  const readFields =
    filled && filled.imageId === imageId
      ? fieldsFromReading(filled.patch, { amount, expenseDate, merchant, category, currency })
      : [];
  return { onRead, readFields };
}
