import type { Line } from './lines.ts';
import type { ReceiptLanguage } from './types.ts';

// Words printed on almost every receipt of a language and rare in the others.
const MARKERS: Record<ReceiptLanguage, RegExp> = {
  sv: /\b(moms|att betala|kvitto|totalt|summa|kortköp|kontant|växel|tack för|välkommen|org\.? ?nr|öresavrundning|st\b|kr\b)/g,
  de: /\b(mwst|summe|zu zahlen|bar\b|rückgeld|zurück|gegeben|kartenzahlung|vielen dank|steuer|netto|brutto|eur\b|ust)/g,
  fi: /\b(yhteensä|yhteensa|alv|kiitos|kortti|veloitus|maksettava|käteinen|verollinen|veroton|kpl)/g,
  en: /\b(total|subtotal|tax|gst|change|cash|thank you|amount|qty|invoice|rounding)\b/g,
};

/**
 * The language a receipt is printed in, by counting marker words (Swedish wins ties because Kvitt is Swedish);
 * null when no marker is found. Decides how "18.09.25" is read and which currency is implied.
 */
export function detectLanguage(lines: readonly Line[]): ReceiptLanguage | null {
  const text = lines.map((l) => l.key).join('\n');
  let best: ReceiptLanguage | null = null;
  let bestCount = 0;
  for (const language of ['sv', 'de', 'fi', 'en'] as const) {
    const count = (text.match(MARKERS[language]) ?? []).length;
    if (count > bestCount) {
      best = language;
      bestCount = count;
    }
  }
  return best;
}
