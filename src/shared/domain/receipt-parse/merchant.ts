import { findAmounts } from './amounts.ts';
import { ALL_CHAINS } from './chains.ts';
import type { Chain } from './chains.ts';
import { classifyLine, words } from './keywords.ts';
import { letterCount } from './lines.ts';
import type { Line } from './lines.ts';

const HEADER_LINES = 6;
const NOT_A_NAME = words([
  'tel',
  'telefon',
  'fax',
  'org',
  'orgnr',
  'org\\.? ?nr',
  'www',
  'http',
  'kvitto',
  'kvittonr',
  'datum',
  'kassa',
  'kassör',
  'välkommen',
  'willkommen',
  'tervetuloa',
  'welcome',
  'öppettider',
  'öffnungszeiten',
  'filiale?',
  'kassierer',
  'beleg',
  'bon',
  'quittung',
  'receipt',
  'invoice',
  'tax',
  'gst',
  'ust',
  'moms',
  'mwst',
  'kopia',
  'uhr',
  'vat',
  'y-tunnus',
  'ytunnus',
  'reg',
  'no',
  'nr',
  'kuitti',
  'copy',
]);
const ADDRESS =
  /\d{3} ?\d{2}\b|\b\d{5}\b|(gatan|vägen|gränd|torget|stra(?:ß|ss|b|s)e|str\.|katu|tie|allee|platz|road|jalan)\b/i;
// "Hornstulls strand 3", "Pohlweg 110": a street and its number.
const HOUSE_NUMBER = /\p{L}{3,}\s+\d{1,4}\s?[a-zA-Z]?$/u;
const LEGAL_FORM = words([
  'ab',
  'hb',
  'kb',
  'gmbh',
  'oy',
  'oyj',
  'sdn\\.? bhd\\.?',
  'ltd',
  'inc',
  'as',
  'a/s',
  'kg',
  'ohg',
]);
const ORG_NR = /(?<!\d)(\d{6})[- ]?(\d{4})(?!\d)/;
const DOMAIN = /www\.([a-z0-9-]{2,30})\.(?:se|de|fi|no|dk|com|eu|nu)\b/i;

const compact = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}&]/gu, '');

function chainPattern(c: Chain): RegExp {
  return c.headerOnly ? new RegExp(`^(?:${c.aliases.join('|')})(?:\\s+\\S+){0,2}$`, 'iu') : words(c.aliases);
}

/** The chain named in these lines, for header-only chains only when a line is the name itself. */
export function findChain(lines: readonly Line[], chains: readonly Chain[] = ALL_CHAINS, header = false): Chain | null {
  for (const line of lines) {
    for (const c of chains) {
      if (c.headerOnly && !header) continue;
      if (chainPattern(c).test(line.key)) return c;
      if (header && c.aliases.some((a) => /^[\p{L}\d ]+$/u.test(a) && compact(line.text) === compact(a))) return c;
    }
  }
  return null;
}

/**
 * Whether a line reads like words rather than OCR noise from a logo: most tokens are real-looking words (three or
 * more letters, one consistent case pattern) and there are at least five letters.
 */
export function looksLikeWords(text: string): boolean {
  const tokens = text.split(/\s+/).filter((t) => t.length > 0);
  const words = tokens.filter((t) =>
    /^[\p{Lu}\d&'.-]*[\p{L}&'.-]{3,}$|^\p{Lu}?[\p{Ll}&'.-]{2,}$/u.test(t.replace(/[,;:]$/, '')),
  );
  return tokens.length > 0 && words.length / tokens.length >= 0.6 && letterCount(text) >= 5;
}

/** The first header line that reads like a shop name: words, no address, phone, date, amount or keyword. */
function headerName(header: readonly Line[]): string | null {
  for (const line of header) {
    const letters = letterCount(line.text);
    const visible = line.text.replace(/\s/g, '').length;
    if (letters < 3 || letters / visible < 0.6 || !looksLikeWords(line.text)) continue;
    if (NOT_A_NAME.test(line.key) || ADDRESS.test(line.text) || HOUSE_NUMBER.test(line.text)) continue;
    if (classifyLine(line.key) !== null) continue;
    return line.text.replace(/\s*[,;:].*$/, '').trim() || null;
  }
  return null;
}

/** A Swedish organisation number "NNNNNN-NNNN" printed next to "Org.nr", or null. */
export function findOrgNumber(lines: readonly Line[]): string | null {
  for (const line of lines) {
    if (!/org|momsreg|vat ?nr/.test(line.key)) continue;
    const m = ORG_NR.exec(line.text);
    if (m) return `${m[1]}-${m[2]}`;
  }
  return null;
}

/** The text before "Org.nr" on the organisation-number line, or a legal name ("… AB", "… GmbH") in the header. */
function legalName(lines: readonly Line[], header: readonly Line[]): string | null {
  for (const line of lines) {
    const m = /^(.*?)\s*org\.?\s*nr/i.exec(line.text);
    if (m?.[1] && letterCount(m[1]) >= 2) return m[1].trim();
  }
  const legal = header.find((l) => LEGAL_FORM.test(l.key) && letterCount(l.text) >= 4);
  return legal ? legal.text.replace(/\s*[,;].*$/, '').trim() : null;
}

function domainChain(lines: readonly Line[], chains: readonly Chain[]): Chain | null {
  for (const line of lines) {
    const m = DOMAIN.exec(line.text);
    if (!m?.[1]) continue;
    const label = m[1].toLowerCase();
    const hit = chains.find((c) => c.aliases.some((a) => new RegExp(`^(?:${a})$`, 'iu').test(label)));
    if (hit) return hit;
  }
  return null;
}

/**
 * The merchant of a receipt: a known chain in the header, on its web address or anywhere in the text, else the
 * first header line that reads like a name, else the legal name by the org.nr. Returns the chain too, for the
 * category.
 */
export function findMerchant(
  lines: readonly Line[],
  chains: readonly Chain[] = ALL_CHAINS,
): { merchant: string | null; chain: Chain | null } {
  const header = lines
    .slice(0, HEADER_LINES + 4)
    .filter((l) => findAmounts(l.text).length === 0)
    .slice(0, HEADER_LINES);
  const chain = findChain(header, chains, true) ?? domainChain(lines, chains) ?? findChain(lines, chains);
  if (chain) return { merchant: chain.name, chain };
  return { merchant: headerName(header) ?? legalName(lines, header), chain: null };
}
