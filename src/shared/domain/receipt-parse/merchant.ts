import { findAmounts } from './amounts.ts';
import { chainAnywhere, chainInHeader, chainOfDomain, withoutLeadingJunk } from './chain-match.ts';
import { storeFormat } from './store-format.ts';
import { ALL_CHAINS } from './chains.ts';
import type { Chain } from './chains.ts';
import { classifyLine, words } from './keywords.ts';
import { legalFormLine } from './legal-name.ts';
import { letterCount } from './lines.ts';
import type { Line } from './lines.ts';
import type { ParsedReceipt } from './types.ts';

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
const PHONE = /\b(?:tel|telefon|puh|fax)\b|\d{2,4}[-/ ]\d{2,3}[ -]?\d{2}[ -]?\d{2}\b/i;
const ORG_NR = /(?<!\d)(\d{6})[- ]?(\d{4})(?!\d)/;
// Keyword classes that mean a line is about money, not a name; "Cash & Carry" is a shop name.
const MONEY_CLASSES = new Set(['payable', 'total', 'subtotal', 'vat', 'rounding', 'change', 'discount']);

/**
 * Whether a line reads like words rather than OCR noise from a logo: most tokens are real-looking words (three or
 * more letters, one consistent case pattern) and there are at least five letters. "&" and the initials around it
 * ("B & Q", "H & M") are part of names.
 */
export function looksLikeWords(text: string): boolean {
  const tokens = text.split(/\s+/).filter((t) => t.length > 0 && t !== '&');
  const initial = (t: string) => /^\p{Lu}$/u.test(t) && (text.includes(`${t} &`) || text.includes(`& ${t}`));
  const words = tokens.filter(
    (t) => /^[\p{Lu}\d&'.-]*[\p{L}&'.-]{3,}$|^\p{Lu}?[\p{Ll}&'.-]{2,}$/u.test(t.replace(/[,;:]$/, '')) || initial(t),
  );
  return tokens.length > 0 && words.length / tokens.length >= 0.6 && letterCount(text) >= 5;
}

const isAddress = (text: string) => ADDRESS.test(text) || HOUSE_NUMBER.test(text) || PHONE.test(text);

/**
 * The first header line that reads like a shop name: words, no address, phone, date, amount or keyword. Names
 * stand above the address, so lines after the first address line only count when none stands above it.
 */
function headerName(header: readonly Line[]): string | null {
  const firstAddress = header.findIndex((l) => isAddress(l.text) || ORG_NR.test(l.text));
  const above = firstAddress > 0 ? header.slice(0, firstAddress) : header;
  for (const line of above) {
    const text = withoutLeadingJunk(line.text);
    const letters = letterCount(text);
    const visible = text.replace(/\s/g, '').length;
    if (letters < 3 || letters / visible < 0.6 || !looksLikeWords(text)) continue;
    if (NOT_A_NAME.test(line.key) || isAddress(text)) continue;
    const cls = classifyLine(line.key);
    if (cls !== null && MONEY_CLASSES.has(cls)) continue;
    return text.replace(/\s*[,;:].*$/, '').trim() || null;
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

/** The text before "Org.nr" on the organisation-number line ("Kafé Ugglan AB Org.nr 556000-1111"), or null. */
function nameBeforeOrgNr(lines: readonly Line[]): string | null {
  for (const line of lines) {
    const m = /^(.*?)\s*org\.?\s*nr/i.exec(line.text);
    if (m?.[1] && letterCount(m[1]) >= 2) return m[1].trim();
  }
  return null;
}

/** Where the merchant came from, strongest first; decides between two readings of one receipt. */
export type MerchantSource = NonNullable<ParsedReceipt['merchantSource']>;

/**
 * The merchant of a receipt: a known chain in the header, named by its store format when the header prints one
 * ("ICA Supermarket", also when only the format is printed beside the chain's logo: "MAXI STORMARKNAD"); the first header line with a legal form ("… AB",
 * "… GmbH", "… SDN BHD"); a chain on the receipt's web or e-mail address or anywhere outside the articles; else the
 * first header line above the address that reads like a name; else the name before the org.nr. Returns the chain
 * too, for the category.
 */
export function findMerchant(
  lines: readonly Line[],
  chains: readonly Chain[] = ALL_CHAINS,
): { merchant: string | null; chain: Chain | null; source: MerchantSource | null } {
  const header = lines
    .slice(0, HEADER_LINES + 4)
    .filter((l) => findAmounts(l.text).length === 0)
    .slice(0, HEADER_LINES);
  const inHeader = chainInHeader(header, chains);
  if (inHeader) return { merchant: storeFormat(inHeader, header), chain: inHeader, source: 'chain' };
  const legal = legalFormLine(header);
  if (legal) return { merchant: legal, chain: null, source: 'legal' };
  const chain = chainOfDomain(lines, chains) ?? chainAnywhere(lines, chains);
  if (chain) return { merchant: storeFormat(chain, header), chain, source: 'chain' };
  const name = headerName(header);
  if (name) return { merchant: name, chain: null, source: 'header' };
  const beforeOrgNr = nameBeforeOrgNr(lines);
  return { merchant: beforeOrgNr, chain: null, source: beforeOrgNr ? 'org-nr' : null };
}
