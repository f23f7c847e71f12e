import { z } from 'zod';
import { CATEGORY_MAX, isValidIsoDate, MERCHANT_MAX, NOTE_MAX } from '#shared/api/expenses-limits.ts';
import { CURRENCIES } from '#shared/domain/currency.ts';
import { checkExpenseAmount } from '#shared/domain/limit-checks.ts';
import { CUSTOM_CATEGORY } from './custom-category.ts';
import { checkAmount, checkRate } from './number-text.ts';
import { payersProblem, typedPayers } from './payer-amounts.ts';

// Apart from expense-form.ts because it brings zod: the wizard loads it on demand (expenseFormResolver).

/**
 * The form's rules with sv.validation keys as messages. Amount and rate are read by the one parser (decision 034);
 * in another currency the rate is required, and checked as typed when typed by hand (decision 035); the amount it
 * converts to must stay within the limits the server applies (decision 036).
 */
export function expenseFormSchema(groupCurrency: string) {
  return z
    .object({
      amount: z.string(),
      currency: z.enum(CURRENCIES, { error: 'currencyInvalid' }),
      expenseDate: z.string().refine(isValidIsoDate, 'dateInvalid'),
      merchant: z.string().max(MERCHANT_MAX, 'max100'),
      category: z.string().min(1, 'categoryRequired'),
      customCategory: z.string(),
      note: z.string().max(NOTE_MAX, 'max2000'),
      payerMemberId: z.string().min(1, 'payerRequired'),
      severalPayers: z.boolean(),
      payerAmounts: z.record(z.string(), z.string()),
      rate: z.string(),
      rateManual: z.boolean(),
      participantIds: z.array(z.string()).min(1, 'participantsRequired'),
    })
    .loose()
    .superRefine((values, ctx) => {
      const amount = checkAmount(values.amount, values.currency);
      if (!amount.ok) ctx.addIssue({ code: 'custom', path: ['amount'], message: amount.code });
      if (values.severalPayers) {
        const problem = payersProblem(typedPayers(values, Object.keys(values.payerAmounts)));
        if (problem) ctx.addIssue({ code: 'custom', path: ['payerAmounts'], message: problem });
      }
      if (values.category === CUSTOM_CATEGORY) {
        const custom = values.customCategory.trim();
        if (!custom) ctx.addIssue({ code: 'custom', path: ['customCategory'], message: 'categoryRequired' });
        else if (custom.length > CATEGORY_MAX)
          ctx.addIssue({ code: 'custom', path: ['customCategory'], message: 'max50' });
      }
      if (values.currency === groupCurrency) return;
      if (values.rate.trim() === '') ctx.addIssue({ code: 'custom', path: ['rate'], message: 'rateRequired' });
      const rate = checkRate(values.rate, groupCurrency);
      if (!rate.ok) {
        if (values.rateManual || rate.code === 'rateOutOfRange')
          ctx.addIssue({ code: 'custom', path: ['rate'], message: rate.code });
      } else if (amount.ok) {
        const converted = checkExpenseAmount({ totalOre: amount.value, rateMicros: rate.value });
        if (!converted.ok && converted.code === 'convertedOutOfRange')
          ctx.addIssue({ code: 'custom', path: ['amount'], message: converted.code });
      }
    });
}
