import type { Line } from './lines.ts';
import type { ReceiptLanguage } from './types.ts';

const MARKS: ReadonlyArray<[string, RegExp]> = [
  ['SEK', /\bsek\b|\bkr\b|\d:-/g],
  ['EUR', /\beur\b|€|\beuro\b/g],
  ['NOK', /\bnok\b/g],
  ['DKK', /\bdkk\b/g],
  ['USD', /\busd\b|\$/g],
  ['GBP', /\bgbp\b|£/g],
  ['MYR', /\bmyr\b|\brm\b/g],
  ['CHF', /\bchf\b/g],
];
const IMPLIED: Partial<Record<ReceiptLanguage, string>> = { sv: 'SEK', de: 'EUR', fi: 'EUR' };

/**
 * The ISO 4217 currency of a receipt: the most printed currency mark, else the one its language implies
 * (Swedish → SEK, German or Finnish → EUR), else null.
 */
export function findCurrency(lines: readonly Line[], language: ReceiptLanguage | null): string | null {
  const text = lines.map((l) => l.key).join('\n');
  let best: string | null = null;
  let bestCount = 0;
  for (const [code, pattern] of MARKS) {
    const count = (text.match(pattern) ?? []).length;
    if (count > bestCount) {
      best = code;
      bestCount = count;
    }
  }
  return best ?? (language ? (IMPLIED[language] ?? null) : null);
}
