/** How often a recurring expense comes back: every week, every month or every year. */
export const FREQUENCIES = ['weekly', 'monthly', 'yearly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** The most occurrences one pass creates for one series, so a series started far back cannot flood a group at once. */
export const MAX_CATCH_UP = 60;

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

const iso = (year: number, month: number, day: number): string =>
  new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);

/**
 * The date (YYYY-MM-DD) of occurrence `index` (0 = the start date itself) of a series started on `start`. Counted
 * from the start every time, never from the previous occurrence, so a monthly series started on the 31st falls on
 * the last day of a shorter month and on the 31st again after it (decision 061); a yearly one started on 29 February
 * falls on 28 February in other years.
 */
export function occurrenceDate(start: string, frequency: Frequency, index: number): string {
  const [year = 0, month = 1, day = 1] = start.split('-').map(Number);
  if (frequency === 'weekly') return iso(year, month - 1, day + 7 * index);
  const months = frequency === 'monthly' ? index : 12 * index;
  const targetYear = year + Math.floor((month - 1 + months) / 12);
  const targetMonth = (month - 1 + months) % 12;
  return iso(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/**
 * The occurrences from `fromIndex` on that are due by `today` and not after `endDate` (inclusive, null for none),
 * in order, at most `limit`. Dates compare as YYYY-MM-DD text.
 */
export function dueOccurrences(
  series: { startDate: string; frequency: Frequency; endDate: string | null },
  fromIndex: number,
  today: string,
  limit = MAX_CATCH_UP,
): Array<{ index: number; date: string }> {
  const due: Array<{ index: number; date: string }> = [];
  for (let index = fromIndex; due.length < limit; index += 1) {
    const date = occurrenceDate(series.startDate, series.frequency, index);
    if (date > today || (series.endDate !== null && date > series.endDate)) break;
    due.push({ index, date });
  }
  return due;
}

/** The date of occurrence `index`, or null when the series has ended before it. */
export function nextOccurrence(
  series: { startDate: string; frequency: Frequency; endDate: string | null },
  index: number,
): string | null {
  const date = occurrenceDate(series.startDate, series.frequency, index);
  return series.endDate !== null && date > series.endDate ? null : date;
}
