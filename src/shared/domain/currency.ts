import { apportion } from './split.ts';
import { ore } from './money.ts';
import type { Ore } from './money.ts';

export const CURRENCIES = ['SEK', 'EUR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** A rate as an integer: units of the target currency per unit of the source, × 1 000 000 (1 EUR = 11.4823 SEK → 11 482 300). */
export type RateMicros = number;
export const RATE_ONE: RateMicros = 1_000_000;

/** Converts whole öre at a micro-rate, rounding half away from zero; exact BigInt arithmetic, no float drift. */
export function convertOre(amount: number, rateMicros: RateMicros): Ore {
  if (!Number.isSafeInteger(amount) || !Number.isSafeInteger(rateMicros) || rateMicros <= 0) {
    throw new RangeError(`bad conversion ${amount} × ${rateMicros}`);
  }
  const negative = amount < 0;
  const product = BigInt(Math.abs(amount)) * BigInt(rateMicros);
  const rounded = (product * 2n + BigInt(RATE_ONE)) / (2n * BigInt(RATE_ONE));
  const value = Number(rounded);
  return ore(negative ? -value : value);
}

/**
 * Converts an expense's shares into the group currency so that they still sum exactly to the converted total:
 * the converted total is apportioned by the original shares (largest remainder, tie-break by seed). Öre in, öre out.
 */
export function convertShares<T extends { memberId: string; amount: number }>(
  shares: ReadonlyArray<T>,
  total: number,
  rateMicros: RateMicros,
  seed: string,
): Array<{ memberId: string; amount: Ore }> {
  if (rateMicros === RATE_ONE) return shares.map((s) => ({ memberId: s.memberId, amount: ore(s.amount) }));
  const convertedTotal = convertOre(total, rateMicros);
  const amounts = apportion({
    total: convertedTotal,
    weights: shares.map((s) => ({ key: s.memberId, weight: s.amount })),
    seed,
  });
  return shares.map((s, i) => ({ memberId: s.memberId, amount: ore(amounts[i] ?? 0) }));
}

/** The rate from one currency to another given each one's units per EUR (ECB quotes everything against EUR). */
export function crossRate(fromPerEurMicros: RateMicros, toPerEurMicros: RateMicros): RateMicros {
  // to/from, kept in micros: (to × 10^6) / from, rounded half up.
  const value = (BigInt(toPerEurMicros) * BigInt(RATE_ONE) * 2n + BigInt(fromPerEurMicros)) / (2n * BigInt(fromPerEurMicros));
  return Number(value);
}
