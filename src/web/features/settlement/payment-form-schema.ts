import { z } from 'zod';
import { isValidIsoDate } from '#shared/api/expenses-limits.ts';
import { PAYMENT_METHODS, PAYMENT_NOTE_MAX } from '#shared/api/settlement-limits.ts';
import { readPaymentAmount } from './money-field.ts';

// Apart from the dialog because it brings zod: loaded when "Registrera betalning" opens.

/**
 * The rules of "Registrera betalning" with sv.validation keys as messages: two different people, an amount read by
 * the one parser, a real day no later than `today`, a short note.
 */
export function paymentFormSchema(currency: string, today: string) {
  return z
    .object({
      fromMemberId: z.string().min(1, 'payerRequired'),
      toMemberId: z.string().min(1, 'recipientRequired'),
      amount: z.string(),
      paidOn: z
        .string()
        .refine(isValidIsoDate, 'dateInvalid')
        .refine((day) => day <= today, 'dateInFuture'),
      method: z.enum(PAYMENT_METHODS),
      note: z.string().max(PAYMENT_NOTE_MAX, 'max200'),
    })
    .superRefine((values, ctx) => {
      if (values.fromMemberId !== '' && values.fromMemberId === values.toMemberId)
        ctx.addIssue({ code: 'custom', path: ['toMemberId'], message: 'sameMember' });
      const amount = readPaymentAmount(values.amount, currency);
      if (!amount.ok) ctx.addIssue({ code: 'custom', path: ['amount'], message: amount.code });
    });
}

export type PaymentFormValues = z.input<ReturnType<typeof paymentFormSchema>>;
