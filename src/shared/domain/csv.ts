import { ORE_PER_UNIT } from './money.ts';

/** Swedish Excel's list separator: with a comma, Excel in Swedish puts whole lines in column A (decision 016). */
export const CSV_SEPARATOR = ';';
/** Without the byte-order mark Excel reads UTF-8 as Windows-1252 and "Nöje" becomes "NÃ¶je". */
export const CSV_BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[";\r\n]/;

/**
 * One CSV cell: text a spreadsheet would run as a formula (starting with = + - @ tab or CR) gets a leading
 * apostrophe so it stays text (OWASP "CSV injection"), then the cell is quoted when it holds a separator, quote or
 * line break, with quotes doubled.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A whole CSV document: BOM, semicolon-separated cells, CRLF line ends (what Excel writes itself). */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string>>): string {
  return CSV_BOM + rows.map((row) => row.map(csvCell).join(CSV_SEPARATOR)).join(CSV_LINE_END) + CSV_LINE_END;
}

/**
 * Öre as a plain number with a decimal comma and no digit grouping ("1234,50"), which Swedish Excel and Google
 * Sheets in a Swedish locale both read as a number; grouping spaces would turn it into text.
 */
export function csvAmount(amountOre: number): string {
  if (!Number.isSafeInteger(amountOre)) throw new RangeError(`not whole öre: ${amountOre}`);
  const sign = amountOre < 0 ? '-' : '';
  const abs = Math.abs(amountOre);
  return `${sign}${Math.trunc(abs / ORE_PER_UNIT)},${String(abs % ORE_PER_UNIT).padStart(2, '0')}`;
}

const UNSAFE_FILE_CHARACTERS = /[\\/:*?"<>|]/;
const isControl = (ch: string) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f;

/**
 * A file name made from the group's name ("Fjällresa 2026.csv"): characters Windows, macOS or a browser refuse are
 * dropped, spaces collapsed, length capped; an empty result becomes `fallback`.
 */
export function csvFileName(groupName: string, fallback = 'kvitt'): string {
  const cleaned = Array.from(groupName, (ch) => (UNSAFE_FILE_CHARACTERS.test(ch) || isControl(ch) ? ' ' : ch))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+|\.+$/g, '')
    .slice(0, 100)
    .trim();
  return `${cleaned || fallback}.csv`;
}
