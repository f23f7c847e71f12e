import { headerKey } from './csv-read.ts';
import type { CsvRow } from './csv-read.ts';
import { parseAmountOre } from './amount.ts';
import { refuse } from './model.ts';

/** The index of the first header cell that is one of `names` (compared by headerKey), or -1. */
export function columnOf(header: ReadonlyArray<string>, names: ReadonlyArray<string>): number {
  const keys = header.map(headerKey);
  for (const name of names) {
    const at = keys.indexOf(headerKey(name));
    if (at !== -1) return at;
  }
  return -1;
}

/** A row's cell, '' when the row is shorter. */
export const cellAt = (row: CsvRow, index: number): string => (index < 0 ? '' : (row.cells[index] ?? ''));

/** A cell's amount in öre; an empty cell is 0 when `emptyIsZero`, text that is not an amount refuses the file. */
export function amountAt(row: CsvRow, index: number, emptyIsZero = true): number {
  const value = parseAmountOre(cellAt(row, index));
  if (value === undefined || (value === null && !emptyIsZero)) return refuse('IMPORT_BROKEN_FILE', row.line);
  return value ?? 0;
}
