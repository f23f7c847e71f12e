import { compactForm, prefixDistance } from './chain-match.ts';
import type { Chain } from './chain-entry.ts';
import { words } from './keywords.ts';
import type { Line } from './lines.ts';

const withoutDots = (text: string) => text.replace(/[åä]/g, 'a').replace(/ö/g, 'o');
// What OCR reads for a dotted letter of thermal print: "ä" as "i" or "d", "ö" as "6" or "0".
const LOOKALIKE: Record<string, string> = { å: '[åaà]', ä: '[äaidàå]', ö: '[öo06ò]' };
const lookalikes = (pattern: string) => pattern.replace(/[åäö]/g, (letter) => LOOKALIKE[letter] ?? letter);
// Long format words survive a letter or two of OCR error ("SUPERMARKFT"); short ones ("nära", "hemma") must be exact.
const editsFor = (word: string) => (word.length >= 10 ? 2 : word.length >= 7 ? 1 : 0);

/** Whether a header line names the format: its pattern as words, or its longest word nearly spelled at a word start. */
function namesFormat(line: Line, pattern: string): boolean {
  if (words([pattern]).test(line.key)) return true;
  // Thermal print and OCR lose the dots of å, ä and ö ("ICA NARA") or read the letter as its lookalike ("ICA Nira").
  if (/[åäö]/.test(pattern) && words([withoutDots(pattern)]).test(withoutDots(line.key))) return true;
  if (/[åäö]/.test(pattern) && words([lookalikes(pattern)]).test(line.key)) return true;
  const longest = pattern
    .split(/[^\p{L}]+/u)
    .sort((a, b) => b.length - a.length)
    .at(0);
  if (!longest || editsFor(longest) === 0) return false;
  const spelling = compactForm(longest);
  for (const m of line.text.matchAll(/(?<![\p{L}\p{N}])\p{L}/gu)) {
    const tail = compactForm(line.text.slice(m.index));
    if (tail[0] === spelling[0] && prefixDistance(tail, spelling, editsFor(longest)) <= editsFor(longest)) return true;
  }
  return false;
}

/**
 * The store as the header names it: the chain's format found in the header lines ("ICA Supermarket" for "ICA
 * SUPERMARKET LINDHAGEN", "ICA Maxi Stormarknad" for "MAXI STORMARKNAD" under ICA's logo), else the chain's name.
 * The place is left out: OCR misreads names of places far more often than format names, and the store is known
 * without it.
 */
export function storeFormat(chain: Chain, header: readonly Line[]): string {
  for (const [name, pattern] of chain.formats ?? []) {
    if (header.some((line) => namesFormat(line, pattern))) return name;
  }
  return chain.name;
}
