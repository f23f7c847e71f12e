import { z } from 'zod';
import { CATEGORY_MAX, isValidIsoDate, MAX_TOTAL_ORE, MERCHANT_MAX, NOTE_MAX } from '#shared/api/expenses-limits.ts';
import { CURRENCIES } from '#shared/domain/currency.ts';
import { parseOre } from '#shared/domain/money.ts';
import { parseRateMicros } from '#shared/domain/rate-text.ts';
import { CUSTOM_CATEGORY } from './expense-form.ts';

// Apart from expense-form.ts because it brings zod: the wizard loads it on demand (expenseFormResolver).

const validAmount = (text: string) => {
  const value = parseOre(text);
  return value !== null && value > 0 && value <= MAX_TOTAL_ORE;
};

/** The form's rules with sv.validation keys as messages; the rate is checked only when typed by hand. */
export function expenseFormSchema(groupCurrency: string) {
  return z
    .object({
      amount: z.string().refine(validAmount, 'amountInvalid'),
      currency: z.enum(CURRENCIES, { error: 'currencyInvalid' }),
      receiptDate: z.string().refine(isValidIsoDate, 'dateInvalid'),
      merchant: z.string().max(MERCHANT_MAX, 'max100'),
      category: z.string().min(1, 'categoryRequired'),
      customCategory: z.string(),
      note: z.string().max(NOTE_MAX, 'max2000'),
      payerMemberId: z.string().min(1, 'payerRequired'),
      rate: z.string(),
      rateManual: z.boolean(),
      participantIds: z.array(z.string()).min(1, 'participantsRequired'),
    })
    .loose()
    .superRefine((values, ctx) => {
      if (values.category === CUSTOM_CATEGORY) {
        const custom = values.customCategory.trim();
        if (!custom) ctx.addIssue({ code: 'custom', path: ['customCategory'], message: 'categoryRequired' });
        else if (custom.length > CATEGORY_MAX)
          ctx.addIssue({ code: 'custom', path: ['customCategory'], message: 'max50' });
      }
      if (values.currency !== groupCurrency && values.rateManual && parseRateMicros(values.rate) === null) {
        ctx.addIssue({ code: 'custom', path: ['rate'], message: 'rateInvalid' });
      }
    });
}
