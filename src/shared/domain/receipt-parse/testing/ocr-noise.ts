import { createPrng, pick } from '../../testing/prng.ts';

export type NoiseLevel = { junk: number; letters: number; digits: number; garbageLines: number; dropLines: number };

/** Roughly what tesseract does to a phone photo of a thermal receipt. */
export const TYPICAL_NOISE: NoiseLevel = {
  junk: 0.3,
  letters: 0.04,
  digits: 0.03,
  garbageLines: 0.08,
  dropLines: 0.03,
};

const PREFIXES = ['| ', '= ', '— ', ': ', 'SN ', 'EE ', '. ', '} ', 'i '];
const SUFFIXES = [' |', ' =', ' i', ' —', ' :', ' ;'];
const GARBAGE = ['Ee a ho oF', '||| |I| ll', 'RR RS SE', '—— = ——', "' . ,", 'BI Aa Se Ss Za Pe', 'I ll l'];
const LETTER_SWAPS: Record<string, string[]> = {
  ä: ['a', 'å'],
  ö: ['o', 'ü'],
  å: ['a'],
  l: ['I', '1'],
  i: ['l', 'í'],
  O: ['0'],
  S: ['5'],
  e: ['c'],
  m: ['rn'],
  B: ['8'],
};
const DIGIT_SWAPS: Record<string, string[]> = { '0': ['O', 'o'], '1': ['l', 'I'], '5': ['S'], ',': [', ', '.'] };

function swapChars(text: string, rate: number, table: Record<string, string[]>, next: () => number): string {
  let out = '';
  for (const ch of text) {
    const options = table[ch];
    out += options && next() < rate ? pick(next, options) : ch;
  }
  return out;
}

/**
 * A seeded, OCR-like corruption of receipt text: border junk, confused letters, misread separators and digits
 * inside amounts, garbage lines from logos, and the odd lost line. Same seed, same text.
 */
export function addOcrNoise(lines: readonly string[], seed: number, level: NoiseLevel = TYPICAL_NOISE): string {
  const next = createPrng(seed);
  const out: string[] = [];
  for (const line of lines) {
    if (next() < level.garbageLines) out.push(pick(next, GARBAGE));
    if (line.trim() !== '' && next() < level.dropLines) continue;
    let text = line.replace(/[\p{L}]+/gu, (word) => swapChars(word, level.letters, LETTER_SWAPS, next));
    text = text.replace(/\d[\d ,.]*\d/g, (number) => swapChars(number, level.digits, DIGIT_SWAPS, next));
    if (next() < level.junk) text = pick(next, PREFIXES) + text;
    if (next() < level.junk / 2) text += pick(next, SUFFIXES);
    out.push(next() < 0.5 ? text.replace(/ {2,}/g, ' ') : text);
  }
  return out.join('\n');
}
