import { z } from 'zod';
import { CURRENCIES } from '../domain/currency.ts';

const ore = z.number().int();

/** The caller's balance in one group, in öre of its currency: positive is owed to them, negative owed by them. */
export const groupBalance = z.object({
  groupId: z.string(),
  name: z.string(),
  currency: z.enum(CURRENCIES),
  balanceOre: ore,
});

/** GET /overview: the caller's money across all their groups (the /app summary). */
export const overviewResponse = z.object({
  /** One entry per currency of the caller's groups; amounts are never converted between currencies. */
  totals: z.array(z.object({ currency: z.enum(CURRENCIES), owedToMeOre: ore, iOweOre: ore })),
  /** The groups that are not even for the caller, in the order to act on them: debts first, the largest first. */
  groups: z.array(groupBalance),
});

export type OverviewResponse = z.infer<typeof overviewResponse>;
