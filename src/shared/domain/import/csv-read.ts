import { refuse } from './model.ts';

/** One line of a CSV file split into cells, with its line number in the file (1 = the first line). */
export type CsvRow = { line: number; cells: string[] };

const SEPARATORS = [',', ';', '\t'] as const;

/** The file without a byte-order mark, with its line ends as "\n". */
export function normalizeText(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

/** Which separator the first line uses most outside quotes: "," (Splitwise, Spliit), ";" (Excel in Swedish) or tab. */
function detectSeparator(firstLine: string): string {
  let best: string = ',';
  let bestCount = 0;
  for (const separator of SEPARATORS) {
    let count = 0;
    let quoted = false;
    for (const ch of firstLine) {
      if (ch === '"') quoted = !quoted;
      else if (!quoted && ch === separator) count += 1;
    }
    if (count > bestCount) {
      best = separator;
      bestCount = count;
    }
  }
  return best;
}

/**
 * Reads CSV as RFC 4180 says (quoted cells may hold separators, doubled quotes and line breaks), with the separator
 * taken from the first line. A quote left open at the end refuses the file as broken. Blank lines are kept as rows
 * with one empty cell, so a format can tell where its sections end. Cells are trimmed.
 */
export function readCsv(text: string): CsvRow[] {
  const source = normalizeText(text);
  const separator = detectSeparator(source.slice(0, source.indexOf('\n') === -1 ? undefined : source.indexOf('\n')));
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  for (let i = 0; i < source.length; i += 1) {
    const ch = source[i] as string;
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line += 1;
        cell += ch;
      }
    } else if (ch === '"') quoted = true;
    else if (ch === separator) {
      cells.push(cell.trim());
      cell = '';
    } else if (ch === '\n') {
      cells.push(cell.trim());
      rows.push({ line: rowLine, cells });
      cells = [];
      cell = '';
      line += 1;
      rowLine = line;
    } else cell += ch;
  }
  if (quoted) refuse('IMPORT_BROKEN_FILE', rowLine);
  if (cell !== '' || cells.length > 0) {
    cells.push(cell.trim());
    rows.push({ line: rowLine, cells });
  }
  return rows;
}

/** True for a row with nothing in it (a blank line or only separators). */
export const isBlankRow = (row: CsvRow) => row.cells.every((cell) => cell === '');

/** A header cell as compared: lower case, accents and surrounding spaces removed, inner spaces single. */
export function headerKey(cell: string): string {
  return cell
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
