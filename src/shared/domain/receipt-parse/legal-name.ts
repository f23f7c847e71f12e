import { withoutLeadingJunk } from './chain-match.ts';
import { letterCount } from './lines.ts';
import type { Line } from './lines.ts';

// Company forms printed after (or before) a company's name on receipts: Nordic, German, English, Malaysian.
const LONG_FORMS =
  /(?<![\p{L}])(?:aktiebolag|handelsbolag|gmbh(?: ?& ?co\.? ?kg)?|oyj|osuuskauppa|sdn\.? ?bhd\.?|bhd\.?|ltd\.?|limited|inc\.?|aps|a\/s|asa|ohg|plc|llc)(?![\p{L}])/iu;
// Two-letter forms are ordinary syllables in lower case, so they count only as printed: "AB", "AS", "Oy".
const SHORT_FORMS = /(?<![\p{L}])(?:AB|HB|KB|AS|AG|KG|Oy|OY|Ab)(?![\p{L}])/u;

/** Where a line's legal form ends, or -1 when the line carries none. */
function legalFormEnd(text: string): number {
  const m = LONG_FORMS.exec(text) ?? SHORT_FORMS.exec(text);
  return m ? m.index + m[0].length : -1;
}

/** Whether a line names a company with its legal form ("Kvarnens Livs AB", "toom Baumarkt GmbH", "… SDN BHD"). */
export function hasLegalForm(text: string): boolean {
  return legalFormEnd(text) >= 0;
}

/**
 * A company name as it should be shown: up to its legal form (what follows is a city or a registration number),
 * without parenthesised notes ("(KL)", "(139386-X)") even when OCR lost the closing bracket, and with a leading
 * zero read for an O ("0JC MARKETING").
 */
export function cleanCompanyName(text: string): string {
  const end = legalFormEnd(text);
  const start = end >= 0 ? Math.max(0, (LONG_FORMS.exec(text) ?? SHORT_FORMS.exec(text))?.index ?? 0) : 0;
  let name = end >= 0 && start > 0 ? text.slice(0, end) : text.replace(/\s*[,;].*$/, '');
  name = name.replace(/\s*\([^)]*\)/g, '');
  // An unclosed bracket: the note runs up to the legal form, or to the end.
  const open = name.indexOf('(');
  if (open >= 0) {
    const form = LONG_FORMS.exec(name) ?? SHORT_FORMS.exec(name);
    name = form && form.index > open ? `${name.slice(0, open)} ${name.slice(form.index)}` : name.slice(0, open);
  }
  return name
    .replace(/(^|\s)0(?=\p{Lu}{2})/gu, '$1O')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** The first header line that names a company with its legal form, cleaned for display; null when none does. */
export function legalFormLine(header: readonly Line[]): string | null {
  for (const line of header) {
    if (!hasLegalForm(line.text)) continue;
    const name = cleanCompanyName(withoutLeadingJunk(line.text));
    const withoutForm = name.replace(LONG_FORMS, '').replace(SHORT_FORMS, '');
    if (letterCount(withoutForm) >= 3) return name;
  }
  return null;
}
