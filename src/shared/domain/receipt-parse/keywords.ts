import { toleratedEdits, withinEdits, wordWindows } from './fuzzy.ts';

/**
 * A case-insensitive pattern matching any of the given words or phrases as whole words. `\b` is ASCII-only in
 * JavaScript, so word edges are spelled with Unicode letter classes to make "öresavrundning" and "yhteensä" work.
 */
export function words(list: readonly string[]): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${list.join('|')})(?![\\p{L}\\p{N}])`, 'iu');
}

/** What a receipt line says about its amount. Order matters: the first class that matches wins. */
export type LineClass =
  'rounding' | 'change' | 'tip' | 'discount' | 'subtotal' | 'payable' | 'vat' | 'total' | 'card' | 'cash';

// Swedish first, then German, Finnish and English, the languages of trips Kvitt's users make most.
const CLASS_WORDS: ReadonlyArray<[LineClass, RegExp]> = [
  [
    'rounding',
    words(['öresavrundning', 'avrundning', 'öresutjämning', 'rundning', 'rounding', 'rundung', 'pyöristys']),
  ],
  ['change', words(['växel', 'tillbaka', 'rückgeld', 'zurück', 'zuruck', 'change', 'vaihtoraha', 'takaisin'])],
  ['tip', words(['dricks', 'tips?', 'trinkgeld', 'tippi', 'gratuity', 'service charge'])],
  [
    'discount',
    words([
      'rabatt(?:er)?',
      'medlemsförmån',
      'medlemspris',
      'medlemsrabatt',
      'erbjudande',
      'extrapris',
      'summering rabatter',
      'du sparade',
      'discount',
      'savings?',
      'alennus',
      'edut',
      'nachlass',
      'ersparnis',
      'bonus',
      'poäng\\w*',
    ]),
  ],
  ['subtotal', words(['delsumma', 'mellansumma', 'sub[- ]?total', 'zwischensumme', 'välisumma', 'netto[- ]?summe'])],
  [
    'payable',
    words([
      'att betala',
      'att erlägga',
      'belopp att betala',
      '[zi2]u zahlen',
      'zahlbetrag',
      'maksettava',
      'amount due',
      'balance due',
      'total due',
      'total payable',
      'payable',
      'to pay',
    ]),
  ],
  ['vat', words(['moms', 'mwst', 'mehrwertst\\w*', 'ust', 'vat', 'alv', 'gst', 'tax', 'steuer', 'veroton', 'netto'])],
  [
    'total',
    words([
      'totalt?',
      'summa',
      'summe',
      'gesamt',
      'gesamtbetrag',
      'endsumme',
      'yhteens[äaeö]',
      'grand total',
      'totalbelopp',
      'slutsumma',
      'net total',
    ]),
  ],
  [
    'card',
    words([
      'kort',
      'kortköp',
      'kortbetalning',
      'bankkort',
      'betalkort',
      'kreditkort',
      'visa',
      'mastercard',
      'maestro',
      'amex',
      'swish',
      'kreditkarte',
      'ec[- ]?karte',
      'girocard',
      'kartenzahlung',
      'debit(?:/veloitus)?',
      'veloitus',
      'pankkikortti',
      'korttimaksu',
      'luottokortti',
      'card',
      'apple pay',
      'google pay',
    ]),
  ],
  ['cash', words(['kontant(?:er)?', 'bar', 'bargeld', 'gegeben', 'käteinen', 'cash', 'tender'])],
];

// The keywords that decide the total, spelled out so that OCR slips ("Öresavrundnlng", "Växcl") still match.
const FUZZY: ReadonlyArray<[LineClass, readonly string[]]> = [
  ['rounding', ['öresavrundning', 'avrundning']],
  ['change', ['växel', 'tillbaka', 'rückgeld', 'vaihtoraha']],
  ['discount', ['rabatt', 'rabatter', 'medlemsförmån', 'medlemspris', 'erbjudande', 'extrapris', 'alennus']],
  ['subtotal', ['delsumma', 'subtotal', 'zwischensumme', 'välisumma']],
  ['payable', ['att betala', 'zu zahlen', 'maksettava']],
  ['total', ['totalt', 'summa', 'summe', 'yhteensä', 'gesamtbetrag', 'totalbelopp']],
  ['card', ['kortköp', 'bankkort', 'kortbetalning', 'kreditkarte', 'kartenzahlung', 'mastercard', 'pankkikortti']],
  ['cash', ['kontant', 'kontanter', 'bargeld', 'käteinen']],
];

function fuzzyClass(key: string): LineClass | null {
  const windows = wordWindows(key);
  for (const [cls, keywords] of FUZZY) {
    for (const keyword of keywords) {
      const edits = toleratedEdits(keyword);
      if (edits > 0 && windows.some((w) => withinEdits(w, keyword, edits))) return cls;
    }
  }
  return null;
}

const INCLUSIVE = words(['inkl\\.?', 'incl\\.?', 'inclusive', 'inklusive', 'including', 'with']);
const TOTAL_WORD = words(['total', 'totalt', 'summa', 'summe', 'gesamt\\w*', 'yhteens[äa]', 'amount']);
// The amount line of a card terminal's slip: "Betrag EUR 39,00", "Belopp SEK 44,00", "Köp SEK 585,40".
const SLIP_AMOUNT = /^(?:betrag|belopp|köp|kop)\b/;
const EXCLUSIVE = words(['exkl\\.?', 'excl\\.?', 'exclude[ds]?', 'exklusive', 'excluding', 'netto', 'ohne']);
const COUNT = words(['qty', 'quantity', 'antal', 'anzahl', 'items?', 'kpl']);

/**
 * The class of a receipt line from its folded text, or null for an ordinary line (an item, an address).
 * A tax line that names a total and says "including" is a total ("Total inclusive GST"); "incl. 19% MwSt 6,23"
 * is the tax itself. The amount line of a card slip counts as the card payment.
 */
export function classifyLine(key: string): LineClass | null {
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  if (cache.size > 10_000) cache.clear();
  const cls = classifyUncached(key);
  cache.set(key, cls);
  return cls;
}

// Lines are classified again by every finder; the fuzzy pass is the parser's only costly step.
const cache = new Map<string, LineClass | null>();

function classifyUncached(key: string): LineClass | null {
  for (const [cls, pattern] of CLASS_WORDS) {
    if (!pattern.test(key)) continue;
    if (cls === 'vat' && INCLUSIVE.test(key) && TOTAL_WORD.test(key) && !EXCLUSIVE.test(key)) return 'total';
    return cls;
  }
  if (SLIP_AMOUNT.test(key)) return 'card';
  return fuzzyClass(key);
}

/** A total line that only counts articles ("Total Qty: 8 25,80") is weak evidence for the amount paid. */
export function isCountLine(key: string): boolean {
  return COUNT.test(key);
}
