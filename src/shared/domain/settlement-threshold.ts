import { ore } from './money.ts';
import type { Ore } from './money.ts';
import type { Transfer } from './settlement-core.ts';

/** What a plan shows once the transfers below a group's threshold are left out, and what was left out. */
export type ThresholdedPlan = {
  /** The transfers at or above the threshold, exactly as the plan has them (same amounts, same order). */
  shown: Transfer[];
  /** How many transfers were left out and their sum in öre: never dropped silently, always stated. */
  omitted: { count: number; totalOre: Ore };
};

/**
 * Splits a settlement plan (öre) at `minTransferOre`: transfers below it are left out of the proposal and counted,
 * every other transfer stays exactly as the fewest-transfer plan made it (decision 059). shown + omitted is the
 * whole plan, so no money goes missing; the balances keep the left-out amounts. 0 shows every transfer.
 */
export function leaveOutSmallTransfers(plan: ReadonlyArray<Transfer>, minTransferOre: number): ThresholdedPlan {
  if (!Number.isSafeInteger(minTransferOre) || minTransferOre < 0)
    throw new RangeError(`threshold is not whole öre ≥ 0: ${minTransferOre}`);
  const shown: Transfer[] = [];
  let count = 0;
  let total = 0;
  for (const transfer of plan) {
    if (transfer.amount >= minTransferOre) {
      shown.push(transfer);
    } else {
      count += 1;
      total += transfer.amount;
    }
  }
  return { shown, omitted: { count, totalOre: ore(total) } };
}
