import type { UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api.ts';
import type { ExpenseFormValues } from './expense-form.ts';

type FormField = keyof ExpenseFormValues;

/** Wire field → form field: the body names things as the API does, the form as the person typed them. */
const WIRE_TO_FORM: Record<string, FormField> = {
  totalOre: 'amount',
  currency: 'currency',
  expenseDate: 'expenseDate',
  merchant: 'merchant',
  category: 'customCategory',
  note: 'note',
  payerMemberId: 'payerMemberId',
  payers: 'payerAmounts',
  manualRateMicros: 'rate',
  'split.participants': 'participantIds',
};

/** The wizard step that holds each form field, so a refused save can take the person to the field to fix. */
export const STEP_OF: Partial<Record<FormField, number>> = { participantIds: 1 };

/**
 * Puts the server's field errors on the form's fields and returns the fields that got one; split entries
 * (split.participants.N.value) and unknown fields are left to the general message.
 */
export function applyServerFieldErrors(error: unknown, setError: UseFormSetError<ExpenseFormValues>): FormField[] {
  if (!(error instanceof ApiError) || !error.fields) return [];
  const applied: FormField[] = [];
  for (const [wire, key] of Object.entries(error.fields)) {
    const field = WIRE_TO_FORM[wire];
    if (!field) continue;
    setError(field, { type: 'server', message: key });
    applied.push(field);
  }
  return applied;
}
