import { headerKey } from './csv-read.ts';
import { isBlankRow } from './csv-read.ts';
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

/** Where each fixed column of a format is, or null when one of them is missing from the header. */
export function fixedColumns<K extends string>(
  header: ReadonlyArray<string>,
  names: Record<K, ReadonlyArray<string>>,
): Record<K, number> | null {
  const columns = Object.fromEntries(
    Object.entries<ReadonlyArray<string>>(names).map(([field, aliases]) => [field, columnOf(header, aliases)]),
  ) as Record<K, number>;
  return Object.values<number>(columns).every((at) => at !== -1) ? columns : null;
}

/**
 * The header and the rows below it, blank lines left out, and the people: one per column after the fixed ones,
 * keyed by their column. Refused as empty without a header or a person.
 */
export function peopleAfter(rows: CsvRow[], columns: Record<string, number>) {
  const [header, ...body] = rows.filter((row) => !isBlankRow(row));
  if (!header) return refuse('IMPORT_EMPTY');
  const firstPerson = Math.max(...Object.values(columns)) + 1;
  const people = header.cells.slice(firstPerson).map((name, i) => ({ key: String(firstPerson + i), name }));
  if (people.length === 0) refuse('IMPORT_EMPTY');
  return { body, people };
}
