import type { Ore } from './domain/money.ts';

/** Shown wherever a value is missing, instead of an empty cell or "NaN". */
export const MISSING = '–';
export const LOCALE = 'sv-SE';
/** ISO weekday of the first day of the week in Sweden (1 = Monday), for calendars and weekly statistics. */
export const FIRST_DAY_OF_WEEK = 1;

const numberFormat = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const moneyWhole = new Map<string, Intl.NumberFormat>();
const moneyCents = new Map<string, Intl.NumberFormat>();

const isMissing = (value: number | null | undefined): value is null | undefined =>
  value === null || value === undefined || !Number.isFinite(value);

/** A number in Swedish format: digit grouping, 0–2 decimals, decimal comma; an en dash when missing. */
export function formatNumber(value: number | null | undefined): string {
  return isMissing(value) ? MISSING : numberFormat.format(value);
}

function moneyFormat(currency: string, cents: boolean): Intl.NumberFormat {
  const cache = cents ? moneyCents : moneyWhole;
  let format = cache.get(currency);
  if (!format) {
    const digits = cents ? 2 : 0;
    format = new Intl.NumberFormat(LOCALE, {
      style: 'currency',
      currency,
      currencyDisplay: 'symbol',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    cache.set(currency, format);
  }
  return format;
}

/**
 * An amount in öre as Swedish money text: "1 234 kr" when whole, otherwise "1 234,50 kr" (never "12,5 kr").
 * Signs are kept; an en dash when missing.
 */
export function formatMoney(value: Ore | number | null | undefined, currency = 'SEK'): string {
  if (isMissing(value)) return MISSING;
  return moneyFormat(currency, value % 100 !== 0).format(value / 100);
}

/** Money with an explicit plus sign for positive balances ("+120 kr"), as balance lists show them. */
export function formatSignedMoney(value: Ore | number, currency = 'SEK'): string {
  const text = formatMoney(value, currency);
  return value > 0 ? `+${text}` : text;
}

const listFormat = new Intl.ListFormat(LOCALE, { style: 'long', type: 'conjunction' });

/** Names as Swedish writes a list: "Anna", "Anna och Bo", "Anna, Bo och Cilla". */
export function formatList(items: readonly string[]): string {
  return listFormat.format(items);
}

const dateFormat = new Intl.DateTimeFormat(LOCALE, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' });
const longDateFormat = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'short', timeStyle: 'short' });

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  // A bare calendar date is a day, not an instant: read it in UTC so no time zone moves it to the day before.
  const date = typeof value === 'string' ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A calendar date in Swedish format ("2026-11-22"); an en dash when missing or invalid. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : MISSING;
}

/** A calendar date in words ("22 november 2026"). */
export function formatLongDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? longDateFormat.format(date) : MISSING;
}

/** An instant in the viewer's time zone, Swedish short format ("2026-11-22 14:05"). */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (value === null || value === undefined) return MISSING;
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? MISSING : dateTimeFormat.format(date);
}

/** Today's calendar date in the given time zone as YYYY-MM-DD (Europe/Stockholm by default). */
export function todayIso(now: Date = new Date(), timeZone = 'Europe/Stockholm'): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Monday of the ISO week containing the given YYYY-MM-DD date, as YYYY-MM-DD (Swedish weeks start on Monday). */
export function startOfWeek(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  const weekday = (date.getUTCDay() + 6) % 7; // Monday = 0
  date.setUTCDate(date.getUTCDate() - weekday);
  return date.toISOString().slice(0, 10);
}
