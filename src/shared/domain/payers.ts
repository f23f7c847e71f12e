import { fail, ok } from '../result.ts';
import type { Result } from '../result.ts';
import { ore, sumOre } from './money.ts';
import type { Ore } from './money.ts';

/** What one member paid of an expense, in öre of the expense's own currency. */
export type PayerAmount = { memberId: string; amountOre: number };

/** Why the payers of an expense cannot be saved: the amounts miss the total, or a payer is listed twice or at 0. */
export type PayersError = 'PAYERS_MISMATCH' | 'INVALID_PAYERS';

/** An expense with one payer: that member paid the whole total. */
export function singlePayer(memberId: string, totalOre: number): PayerAmount[] {
  return [{ memberId, amountOre: totalOre }];
}

/** What is left to assign (positive) or assigned too much (negative): total minus the payers' amounts, in öre. */
export function payersRemainder(totalOre: number, payers: ReadonlyArray<PayerAmount>): Ore {
  return ore(totalOre - sumOre(payers.map((payer) => payer.amountOre)));
}

/**
 * Checks the payers of an expense of `totalOre`: at least one, each member once, each amount whole öre above 0, and
 * together exactly the total (decision 057). The one rule the form's remainder and the server's refusal share.
 */
export function checkPayers(totalOre: number, payers: ReadonlyArray<PayerAmount>): Result<PayerAmount[], PayersError> {
  const ids = new Set(payers.map((payer) => payer.memberId));
  if (payers.length === 0 || ids.size !== payers.length) return fail('INVALID_PAYERS');
  if (payers.some((payer) => !Number.isSafeInteger(payer.amountOre) || payer.amountOre < 1))
    return fail('INVALID_PAYERS');
  if (payersRemainder(totalOre, payers) !== 0) return fail('PAYERS_MISMATCH');
  return ok(payers.map((payer) => ({ memberId: payer.memberId, amountOre: payer.amountOre })));
}

/**
 * The main payer of an expense: whoever paid the most, ties to the one listed first. Stored as the expense's
 * `payer_member_id`, so lists and the participant suggestion keep one name (decision 057). Throws on no payers.
 */
export function mainPayer(payers: ReadonlyArray<PayerAmount>): string {
  let best: PayerAmount | undefined;
  for (const payer of payers) if (!best || payer.amountOre > best.amountOre) best = payer;
  if (!best) throw new RangeError('an expense has at least one payer');
  return best.memberId;
}
