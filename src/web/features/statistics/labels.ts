import { LOCALE } from '#shared/format.ts';
import * as sv from '#shared/i18n/sv.ts';

const shortMonth = new Intl.DateTimeFormat(LOCALE, { month: 'short', year: '2-digit', timeZone: 'UTC' });
const longMonth = new Intl.DateTimeFormat(LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' });
const asDate = (month: string) => new Date(`${month}-01T00:00:00Z`);

/** "nov. 26" under a chart bar, "november 2026" in the table, for a YYYY-MM month. */
export const monthLabel = (month: string, long = false) => (long ? longMonth : shortMonth).format(asDate(month));

const builtIn: Record<string, string> = sv.statistics.categories;

/** The built-in categories by their Swedish names; a typed category as typed, with a capital first letter. */
export function categoryLabel(category: string): string {
  return builtIn[category] ?? category.charAt(0).toLocaleUpperCase(LOCALE) + category.slice(1);
}
