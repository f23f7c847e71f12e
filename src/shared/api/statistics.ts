import { z } from 'zod';
import { CURRENCIES } from '../domain/currency.ts';

const figures = { spentOre: z.number().int(), paidOre: z.number().int() };

/** One block per group currency (amounts of different currencies are never summed), largest first. */
export const currencyStatistics = z.object({
  currency: z.enum(CURRENCIES),
  ...figures,
  expenseCount: z.number().int(),
  /** YYYY-MM, every month from the first to the last expense. */
  months: z.array(z.object({ month: z.string(), ...figures })),
  categories: z.array(z.object({ category: z.string(), ...figures })),
  groups: z.array(z.object({ groupId: z.string(), name: z.string(), ...figures })),
});

/** GET /api/statistics: the caller's spending (their shares) and payments in the groups they belong to. */
export const statisticsResponse = z.object({ currencies: z.array(currencyStatistics) });

export type CurrencyStatisticsDto = z.infer<typeof currencyStatistics>;
export type StatisticsResponse = z.infer<typeof statisticsResponse>;
