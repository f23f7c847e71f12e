import type { Line } from './lines.ts';
import type { ReceiptLanguage } from './types.ts';

/** Component order of a printed date with two-digit parts. */
type Order = 'ymd' | 'dmy' | 'mdy';

type Candidate = { iso: string; line: number; score: number };

// Sweden writes dates year first with dashes (SS-ISO 8601: "26-05-23"), but its tills print dotted and slashed
// dates day first ("23.05.26", "23/5 -26") as the rest of Europe does; month-first only as a last resort for
// English. A chain may print dotted dates year first (`dottedYearFirst`: Lidl's Swedish tills, "18.09.25").
const ORDERS: Record<ReceiptLanguage | 'unknown', readonly Order[]> = {
  sv: ['dmy', 'ymd', 'mdy'],
  de: ['dmy', 'ymd'],
  fi: ['dmy', 'ymd'],
  en: ['dmy', 'mdy', 'ymd'],
  unknown: ['dmy', 'ymd', 'mdy'],
};

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  mär: 3,
  apr: 4,
  maj: 5,
  may: 5,
  mai: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  okt: 10,
  oct: 10,
  nov: 11,
  dec: 12,
  dez: 12,
};

// A date must not run on into letters: "2024-03-1S" is a misread day, not the 1st.
const ISO = /(?<![\d.])((?:19|20)\d{2})(?:[-./]| (?=\d{1,2}[-./]))(\d{1,2})[-./](\d{1,2})(?![\dA-Za-z])/g;
const FOUR_DIGIT_YEAR_LAST = /(?<![\d.A-Za-z])(\d{1,2})[.\-/,](\d{1,2})[.\-/,]((?:19|20)\d{2})(?![\dA-Za-z])/g;
const TWO_DIGIT = /(?<![\d.,A-Za-z])(\d{1,2})([.\-/])(\d{1,2})\2(\d{2})(?![\dA-Za-z]|[.,]\d)/g;
const COMPACT_WITH_TIME = /(?<!\d)(\d{2})(\d{2})(\d{2}) ([01]\d|2[0-3]):?[0-5]\d(?::?[0-5]\d)?(?!\d)/g;
// "23/5 -26": day and month, then the year's last two digits after a dash, as written by hand in Sweden.
const SLASH_YEAR = /(?<![\d.,/])(\d{1,2})\/(\d{1,2}) ?-(\d{2})(?!\d)/g;
const NAMED = /(?<!\d)(\d{1,2})\.? ?([a-zä]{3})[a-zä]*\.? ?((?:19|20)?\d{2})(?!\d)/g;
const TIME = /(?<!\d)([01]?\d|2[0-3]):[0-5]\d(?!\d)/;
const DATE_WORD = /\b(datum|date|pvm|päivämäärä|kaufdatum|tid|zeit)\b/;
const NOT_PURCHASE = /bäst före|best before|gültig|giltig|valid|exp\b|utgång|mhd|födelse|garanti/;

/** A real calendar date as YYYY-MM-DD, or null for 31 February and friends. */
export function isoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > days) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const fullYear = (yy: number) => (yy < 100 ? 2000 + yy : yy);

function fromOrder(order: Order, a: number, b: number, c: number): string | null {
  if (order === 'ymd') return isoDate(fullYear(a), b, c);
  if (order === 'dmy') return isoDate(fullYear(c), b, a);
  return isoDate(fullYear(c), a, b);
}

/** What the merchant tells about how its till prints dates. */
export type DateHints = { dottedYearFirst?: boolean };

/** The component orders to try for a two-digit date with separator `sep`, most likely first. */
function ordersFor(language: ReceiptLanguage | null, sep: string, hints: DateHints): readonly Order[] {
  if (language === 'sv' && (sep === '-' || (sep === '.' && hints.dottedYearFirst))) return ['ymd', 'dmy', 'mdy'];
  return ORDERS[language ?? 'unknown'];
}

/**
 * Dates in one line of text as YYYY-MM-DD. Ambiguous two-digit dates are read in the order preferred for the
 * receipt's language and separator, skipping readings after `latest` (the upload day).
 */
export function datesInText(
  text: string,
  language: ReceiptLanguage | null,
  latest = '9999-12-31',
  hints: DateHints = {},
): string[] {
  const found: string[] = [];
  const n = (s: string | undefined) => Number(s ?? NaN);
  for (const m of text.matchAll(ISO)) found.push(isoDate(n(m[1]), n(m[2]), n(m[3])) ?? '');
  for (const m of text.matchAll(FOUR_DIGIT_YEAR_LAST)) {
    found.push(isoDate(n(m[3]), n(m[2]), n(m[1])) ?? isoDate(n(m[3]), n(m[1]), n(m[2])) ?? '');
  }
  for (const m of text.matchAll(TWO_DIGIT)) {
    const orders = ordersFor(language, m[2] ?? '.', hints);
    const readings = orders.map((o) => fromOrder(o, n(m[1]), n(m[3]), n(m[4])));
    const iso = readings.find((d) => d !== null && d <= latest);
    found.push(iso ?? '');
  }
  for (const m of text.matchAll(COMPACT_WITH_TIME)) found.push(fromOrder('ymd', n(m[1]), n(m[2]), n(m[3])) ?? '');
  for (const m of text.matchAll(SLASH_YEAR)) found.push(fromOrder('dmy', n(m[1]), n(m[2]), n(m[3])) ?? '');
  for (const m of text.toLowerCase().matchAll(NAMED)) {
    const month = MONTHS[m[2] ?? ''];
    if (month) found.push(isoDate(fullYear(n(m[3])), month, n(m[1])) ?? '');
  }
  return found.filter((d) => d !== '');
}

// Digits tesseract mistakes for one another in thermal print.
const CONFUSED: Record<string, readonly string[]> = {
  '0': ['8', '6', '9'],
  '1': ['7'],
  '3': ['8'],
  '5': ['6', '8'],
  '6': ['0', '5', '8'],
  '7': ['1'],
  '8': ['0', '3', '6'],
  '9': ['0'],
};
// "22/10 -26 kl 07:22" as OCR reads a thin slash: "22110 -26 kl 07:22", or a slanted one: "12/4 -25" as "1254-25".
// Only with the year after a dash and the time after it, the shape Swedish tills print, is a run of digits taken for
// a day and a month, and only when exactly one character of it, taken for the slash, leaves a calendar date.
const SLASH_READ_AS_DIGIT = /(?<![\d.,/])([\dl|I]{3,5}) ?-(\d{2}) +(?:kl\b|(?:[01]?\d|2[0-3])[:.][0-5]\d)/gi;
const DATE_SHAPE = /(?<![\d.,])\d{1,4}([-./])\d{1,2}\1\d{2,4}(?![\d])/g;

/**
 * Dates read from date-shaped tokens that are no calendar date ("15.68.2023"), by changing one digit into one it
 * is often confused with; only a token with exactly one such reading counts ("15.08.2023").
 */
export function repairedDates(text: string, language: ReceiptLanguage | null, latest: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(DATE_SHAPE)) {
    const token = m[0];
    if (datesInText(token, language, latest).length > 0) continue;
    const readings = new Set<string>();
    for (let i = 0; i < token.length; i += 1) {
      for (const digit of CONFUSED[token[i] ?? ''] ?? []) {
        const changed = token.slice(0, i) + digit + token.slice(i + 1);
        for (const iso of datesInText(changed, language, latest)) readings.add(iso);
      }
    }
    if (readings.size === 1) found.push(...readings);
  }
  for (const m of text.matchAll(SLASH_READ_AS_DIGIT)) {
    const run = m[1] ?? '';
    const readings = new Set<string>();
    // Day, the misread slash, month: each way to cut the run that leaves a calendar date.
    for (let day = 1; day <= 2; day += 1) {
      const month = run.slice(day + 1);
      const digits = /^\d+$/.test(run.slice(0, day)) && /^\d{1,2}$/.test(month);
      if (!digits) continue;
      const iso = isoDate(fullYear(Number(m[2])), Number(month), Number(run.slice(0, day)));
      if (iso !== null && iso <= latest) readings.add(iso);
    }
    if (readings.size === 1) found.push(...readings);
  }
  return found;
}

/** The ISO date `years` before `today`, the oldest receipt date still believed. */
function yearsBefore(today: string, years: number): string {
  return `${Number(today.slice(0, 4)) - years}${today.slice(4)}`;
}

/**
 * The purchase date of a receipt as YYYY-MM-DD: the best-supported date not after `today` (the upload date) and
 * at most 20 years old. Dates beside a time or a "Datum" label win; best-before and expiry dates never do; a date
 * repaired from one confused digit counts half; between equals, one from the last two years wins.
 */
export function findDate(
  lines: readonly Line[],
  language: ReceiptLanguage | null,
  today: string,
  hints: DateHints = {},
): string | null {
  const oldest = yearsBefore(today, 20);
  const recent = yearsBefore(today, 2);
  const candidates: Candidate[] = [];
  for (const line of lines) {
    if (NOT_PURCHASE.test(line.key)) continue;
    const context = TIME.test(line.text.replace(/\d{1,4}[-./ ]\d{1,2}[-./]\d{2,4}/g, ' ')) ? 3 : 0;
    const label = DATE_WORD.test(line.key) ? 2 : 0;
    const read = datesInText(line.text, language, today, hints).map((iso) => ({ iso, weight: 1 }));
    const repaired = repairedDates(line.text, language, today).map((iso) => ({ iso, weight: 0.5 }));
    for (const { iso, weight } of [...read, ...repaired]) {
      if (iso > today || iso < oldest) continue;
      candidates.push({ iso, line: line.index, score: (context + label + 1) * weight + (iso >= recent ? 0.1 : 0) });
    }
  }
  const totals = new Map<string, number>();
  for (const c of candidates) totals.set(c.iso, (totals.get(c.iso) ?? 0) + c.score);
  let best: string | null = null;
  for (const [iso, score] of totals) {
    if (best === null || score > (totals.get(best) ?? 0)) best = iso;
  }
  return best;
}
