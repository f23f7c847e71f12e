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

const DECIMAL = /^\s*(-)?\s*(\d{1,12})(?:[.,](\d{0,2}))?\s*$/;

/**
 * Parses a decimal text as typed by a Swedish user ("12,50", "12.5", "1 234,00") into öre.
 * Returns null for anything that is not a number with at most two decimals, so no rounding ever happens silently.
 */
export function parseOre(text: string): Ore | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  const match = DECIMAL.exec(compact);
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const value = Number(whole) * ORE_PER_UNIT + Number(fraction.padEnd(2, '0'));
  return ore(sign ? -value : value);
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

/** Plain decimal text with a point and two decimals ("-12.50"), for storage in numeric columns and CSV. */
export function oreToDecimalString(value: Ore | number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const whole = Math.trunc(abs / ORE_PER_UNIT);
  const fraction = String(abs % ORE_PER_UNIT).padStart(2, '0');
  return `${sign}${whole}.${fraction}`;
}
