import { z } from 'zod';
import { CATEGORY_MAX, isValidIsoDate, MAX_TOTAL_ORE, MERCHANT_MAX, NOTE_MAX } from '#shared/api/expenses-limits.ts';
import { CURRENCIES } from '#shared/domain/currency.ts';
import { checkExpenseAmount, isRateWithinLimits } from '#shared/domain/limit-checks.ts';
import { parseOre } from '#shared/domain/money.ts';
import { parseRateMicros } from '#shared/domain/rate-text.ts';
import { CUSTOM_CATEGORY } from './expense-form.ts';

// Apart from expense-form.ts because it brings zod: the wizard loads it on demand (expenseFormResolver).

const validAmount = (text: string) => {
  const value = parseOre(text);
  return value !== null && value > 0;
};
const withinLimit = (text: string) => (parseOre(text) ?? 0) <= MAX_TOTAL_ORE;

/** The form's rules with sv.validation keys as messages; the rate is checked only when typed by hand. */
export function expenseFormSchema(groupCurrency: string) {
  return z
    .object({
      amount: z.string().refine(validAmount, 'amountInvalid').refine(withinLimit, 'amountTooLarge'),
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
      if (values.currency !== groupCurrency) checkRate(values, ctx);
    });
}

/**
 * A rate typed by hand must read as a rate within the limits, and whatever the rate the converted amount too
 * (decision 036): the same rules the server applies, said under the field to correct before saving.
 */
function checkRate(values: { amount: string; rate: string; rateManual: boolean }, ctx: z.RefinementCtx): void {
  const micros = parseRateMicros(values.rate);
  if (values.rateManual && micros === null) {
    ctx.addIssue({ code: 'custom', path: ['rate'], message: 'rateInvalid' });
  } else if (micros !== null && !isRateWithinLimits(micros)) {
    ctx.addIssue({ code: 'custom', path: ['rate'], message: 'rateOutOfRange' });
  } else if (micros !== null) {
    const totalOre = parseOre(values.amount);
    const checked = totalOre === null ? null : checkExpenseAmount({ totalOre, rateMicros: micros });
    if (checked && !checked.ok && checked.code === 'convertedOutOfRange') {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'convertedOutOfRange' });
    }
  }
}
