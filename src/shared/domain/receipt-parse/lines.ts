/** One cleaned line of OCR text with a lower-cased, accent-folded copy for keyword matching. */
export type Line = { index: number; text: string; key: string };

const DASHES = /[\u2010-\u2015\u2212]/g;
const QUOTES = /[\u2018\u2019\u201a\u201b\u201c\u201d\u201e\u00ab\u00bb]/g;
// A leading or trailing minus stays when it belongs to a number ("-22,00", "1,00-").
const LEAD_JUNK = /^(?:[\s=|_~:;.,'"`*#<>»«\\/()[\]{}]|-(?!\d))+/;
const TRAIL_JUNK = /(?:[\s=|_~:;'"`*#<>»«\\/()[\]{}]|(?<!\d)-)+$/;

const VOLUME = /^\d{1,2}[.,]\dl$/;
const letterDigits = (token: string) => token.replace(/[Oo]/g, '0').replace(/[Il]/g, '1').replace(/S/g, '5');

/**
 * Fixes what OCR does to printed amounts: a space after the decimal separator ("6, 47"), letters read for digits
 * inside a number or date ("1O,00", "2l,5O", "23-1l-04", "13/3 -2S"), and spaced-out dates ("02. 05. 2020"). Only touches digit-like tokens.
 */
export function repairDigits(text: string): string {
  return (
    text
      .replace(/(?<!\d)(\d{1,2})\. ?(\d{1,2})\. ?((?:19|20)?\d{2})\b/g, '$1.$2.$3')
      .replace(/(\d)([.,]) (\d{2})(?!\d)/g, '$1$2$3')
      // A dollar sign after the code of another currency is a 5 ("SEK $85,75" for "SEK 585,75").
      .replace(/\b(SEK|EUR|NOK|DKK|kr)\s*\$(?=\d)/gi, '$1 5')
      // "1,5l" is a bottle's volume in an article name, not 1,51 kronor.
      .replace(/\b[\dOoIlS]*\d[\dOoIlS]*[.,][\dOoIlS]{2}\b/g, (token) =>
        VOLUME.test(token) ? token : letterDigits(token),
      )
      .replace(/\b[\dOoIlS]{2,4}[-./][\dOoIlS]{1,2}[-./][\dOoIlS]{2,4}\b/g, (token) =>
        (token.match(/\d/g) ?? []).length >= 4 ? letterDigits(token) : token,
      )
      // "13/3 -2S": day and month, a dash and the year's last two digits.
      .replace(/(?<![\dA-Za-z])\d{1,2}\/[\dOoIlS]{1,2} ?-[\dOoIlS]{2}\b/g, (token) =>
        (token.match(/\d/g) ?? []).length >= 3 ? letterDigits(token) : token,
      )
  );
}

/** Lower case without diacritics except å/ä/ö, so "YHTEENSA" and "yhteensä" both reach one key. */
function foldKey(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u0307\u0309\u030b-\u036f]/g, '')
    .normalize('NFC');
}

/**
 * Splits OCR text into trimmed, non-empty lines with border junk (rules, pipes, stray quotes) removed.
 * Keeps the original order; `index` is the position among the kept lines.
 */
export function toLines(text: string): Line[] {
  const lines: Line[] = [];
  for (const raw of text.normalize('NFC').split(/\r?\n/)) {
    const clean = repairDigits(raw.replace(DASHES, '-').replace(QUOTES, '"').replace(/\t/g, ' '))
      .replace(LEAD_JUNK, '')
      .replace(TRAIL_JUNK, '')
      .replace(/\s{2,}/g, ' ')
      .trim();
    if (clean.length === 0) continue;
    lines.push({ index: lines.length, text: clean, key: foldKey(clean) });
  }
  return lines;
}

/** Letters in a text (any script), for telling words from noise. */
export function letterCount(text: string): number {
  return (text.match(/\p{L}/gu) ?? []).length;
}
