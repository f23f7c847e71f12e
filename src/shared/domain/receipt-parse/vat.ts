import { findAmounts } from './amounts.ts';
import type { Line } from './lines.ts';
import { classifyLine, words } from './keywords.ts';
import { zeroReading } from './zero-misreads.ts';

const PERCENT = /(\d{1,2}(?:[.,]\d{1,2})?)\s?%/;
const SUMMARY = words(['summa', 'summe', 'totalt?', 'yhteens[äaeö]', 'gesamt', 'sum']);
// Öre a printed VAT amount may be off by, because tills round per article.
const VAT_TOLERANCE_ORE = 2;

// A row of the table whose amounts do not add up: the sum of the other rows is then not the gross total.
type VatRow = { gross: number; summary: boolean } | { gross: null; summary: false };

/** Rate in basis points from "12%", "7,00 %" or "19.0%". */
function rateBp(text: string): number | null {
  const m = PERCENT.exec(text);
  if (!m?.[1]) return null;
  const [whole = '0', fraction = ''] = m[1].split(/[.,]/);
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

function consistentWithRate(vat: number, net: number, bp: number | null): boolean {
  return bp === null || Math.abs(vat * 10_000 - net * bp) <= VAT_TOLERANCE_ORE * 10_000;
}

/** Gross of one VAT-table row: the largest amount that equals the sum of two others (net + VAT). */
function rowGross(amounts: readonly number[], bp: number | null): number | null {
  let best: number | null = null;
  for (const gross of amounts) {
    for (const vat of amounts) {
      const net = gross - vat;
      if (vat <= 0 || net <= vat || !amounts.includes(net)) continue;
      if (consistentWithRate(vat, net, bp) && (best === null || gross > best)) best = gross;
    }
  }
  // A gross whose printed zeros were read as 6, 8 or 9 ("1 882,08" beside 115,93 and 966,07) still witnesses the sum.
  for (const vat of best === null ? amounts : []) {
    for (const net of amounts) {
      const sum = vat + net;
      if (vat <= 0 || net <= vat || !consistentWithRate(vat, net, bp)) continue;
      if (amounts.some((g) => zeroReading(sum, g) === sum) && (best === null || sum > best)) best = sum;
    }
  }
  if (best !== null || bp === null || amounts.length !== 2) return best;
  const [a = 0, b = 0] = [...amounts].sort((x, y) => x - y);
  if (consistentWithRate(a, b, bp)) return a + b;
  return consistentWithRate(a, b - a, bp) ? b : null;
}

function parseRow(line: Line, inTable: boolean): VatRow | null {
  const cls = classifyLine(line.key);
  if (cls === 'discount' || cls === 'card' || cls === 'cash' || cls === 'payable') return null;
  const bp = rateBp(line.text);
  if (bp === null && !inTable) return null;
  const text = line.text.replace(PERCENT, ' ');
  const amounts = findAmounts(text)
    .map((a) => a.ore as number)
    .filter((v) => v > 0);
  if (amounts.length < 2) return null;
  const gross = rowGross(amounts, bp);
  if (gross === null) return amounts.length >= 3 ? { gross: null, summary: false } : null;
  return { gross, summary: SUMMARY.test(line.key) };
}

/**
 * The gross total (öre) of the receipt's VAT table ("Moms 12% 4,71 39,29 44,00"), from rows whose net and VAT add
 * up exactly: the summary row when there is one, else the sum of the rate rows. Null without a consistent table.
 * An independent witness of the total, printed by the till from its own tax bookkeeping.
 */
export function vatTableGross(lines: readonly Line[]): number | null {
  const rows: VatRow[] = [];
  let inTable = false;
  for (const line of lines) {
    const row = parseRow(line, inTable);
    if (row && (row.gross !== null || inTable)) rows.push(row);
    // A heading ("Moms% Moms Netto Brutto") opens the table; a line without rate or amount closes it.
    if (classifyLine(line.key) === 'vat') inTable = true;
    else if (!row && !PERCENT.test(line.text) && findAmounts(line.text).length === 0) inTable = false;
  }
  const summary = rows.filter((r) => r.summary).at(-1);
  if (summary) return summary.gross;
  const grosses = rows.flatMap((r) => (r.gross === null ? [] : [r.gross]));
  if (grosses.length < rows.length) return null;
  const distinct = [...new Set(grosses)];
  if (distinct.length === 0) return null;
  return distinct.reduce((sum, v) => sum + v, 0);
}
