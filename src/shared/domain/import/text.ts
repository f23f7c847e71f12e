import { isValidIsoDate } from '../../api/expenses-limits.ts';
import type { Currency } from '../currency.ts';
import { headerKey } from './csv-read.ts';

/**
 * A day as an export writes it to YYYY-MM-DD: "2026-03-14", "2026-03-14T00:00:00.000Z" or "2026-03-14 18:30",
 * "14/03/2026", "14.03.2026" or "14-03-2026" (day first, as in Europe). Undefined when it is not a real day.
 */
export function parseImportDate(text: string): string | undefined {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(value);
  const european = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})(?:$|[ ,T])/.exec(value);
  const day = iso
    ? `${iso[1]}-${iso[2]}-${iso[3]}`
    : european
      ? `${european[3]}-${(european[2] ?? '').padStart(2, '0')}-${(european[1] ?? '').padStart(2, '0')}`
      : undefined;
  return day && isValidIsoDate(day) ? day : undefined;
}

/** Currency codes and signs as the exports write them; "kr" alone is taken as SEK and said so. */
const CURRENCY_WORDS: Record<string, { currency: Currency; guessed: boolean }> = {
  sek: { currency: 'SEK', guessed: false },
  eur: { currency: 'EUR', guessed: false },
  usd: { currency: 'USD', guessed: false },
  '€': { currency: 'EUR', guessed: false },
  $: { currency: 'USD', guessed: false },
  us$: { currency: 'USD', guessed: false },
  kr: { currency: 'SEK', guessed: true },
  ':-': { currency: 'SEK', guessed: true },
};

/** The Kvitt currency a code or sign names, whether it was a guess, or undefined for one Kvitt does not keep. */
export function readCurrency(text: string): { currency: Currency; guessed: boolean } | undefined {
  return CURRENCY_WORDS[text.trim().toLowerCase()];
}

/** Words in the exports' categories (English, German, French, Spanish, Swedish) and the Kvitt category they mean. */
const CATEGORY_WORDS: ReadonlyArray<[string, RegExp]> = [
  [
    'mat',
    /food|drink|dining|restaurant|grocer|liquor|essen|lebensmittel|alkohol|nourriture|courses|comida|\bmat\b|livsmedel|fika/,
  ],
  [
    'transport',
    /transport|taxi|bus|train|car\b|gas|fuel|parking|plane|bicycle|auto|fahrrad|treibstoff|parken|flug|zug|voiture|avion|\bbil\b|\btag\b|flyg|bensin/,
  ],
  [
    'logi',
    /hotel|rent|home|mortgage|household|furniture|utilities|electric|heat|water|cleaning|miete|zuhause|logement|loyer|alquiler|boende|hyra|logi/,
  ],
  ['nöje', /entertainment|games|movies|music|sports|unterhaltung|kino|musik|spiele|divertissement|ocio|noje|nöje/],
];

/** A source category ("Dining out", "Lebensmittel", "Food and Drink / Groceries") as a Kvitt category. */
export function kvittCategory(...names: ReadonlyArray<string | null | undefined>): string {
  const text = headerKey(names.filter(Boolean).join(' '));
  for (const [category, pattern] of CATEGORY_WORDS) if (pattern.test(text)) return category;
  return 'övrigt';
}
