import { ok } from '../result.ts';
import type { Result } from '../result.ts';
import type { Currency } from './currency.ts';
import { formatDecimalText, parseDecimalText } from './decimal-text.ts';
import type { DecimalProblem, DecimalRules } from './decimal-text.ts';

declare const oreBrand: unique symbol;

/** An amount of money in whole öre (hundredths of the currency unit); always a safe integer. */
export type Ore = number & { readonly [oreBrand]: true };

/** Basis points: 1 % is 100 bp, 100 % is 10 000 bp. */
export type BasisPoints = number;

export const ORE_PER_UNIT = 100;
export const FULL_PERCENT_BP = 10_000;

/** Brands an integer as öre; throws on fractions so float money never enters the domain. */
export function ore(value: number): Ore {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not a whole number of öre: ${value}`);
  return value as Ore;
}

/** Sum of öre amounts; exact because every term is an integer. */
export function sumOre(values: Iterable<number>): Ore {
  let total = 0;
  for (const v of values) total += v;
  return ore(total);
}

/** An amount as typed: two decimals at most, a currency word or sign ("kr", "€", "USD") allowed around it. */
export const MONEY_TEXT: DecimalRules = { decimals: 2, unit: 'currency' };

/**
 * Money text as a Swede types or pastes it ("1 234,50 kr", "1234.5") to exact öre through parseDecimalText
 * (decision 034), with the currency the text named; refused with the reason when it cannot be read for certain.
 */
export function parseOreText(
  text: string,
  options: { signed?: boolean } = {},
): Result<{ ore: Ore; currency: Currency | null }, DecimalProblem> {
  const parsed = parseDecimalText(text, { ...MONEY_TEXT, signed: options.signed ?? false });
  return parsed.ok ? ok({ ore: ore(parsed.value.value), currency: parsed.value.currency }) : parsed;
}

/** Öre as the text a form field shows: sv-SE grouping and decimal comma, no decimals when whole ("1 234,50"). */
export function formatOreText(value: Ore | number): string {
  return formatDecimalText(value, { decimals: 2 });
}

/** Öre to the unit amount as a number (1250 → 12.5); only for the wire and for Intl formatting at the edge. */
export function oreToUnits(value: Ore | number): number {
  return value / ORE_PER_UNIT;
}

/**
 * A unit amount from the wire (12.5) to öre. Accepts only values with at most two decimals
 * (checked on the decimal string, so 0.1 + 0.2 style noise is rounded to the nearest öre, never truncated).
 */
export function unitsToOre(units: number): Ore {
  return ore(Math.round(units * ORE_PER_UNIT));
}
