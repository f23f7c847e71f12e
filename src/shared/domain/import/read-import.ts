import { MERCHANT_MAX } from '../../api/expenses-limits.ts';
import { PERSON_NAME_MAX } from '../../api/account-limits.ts';
import { MAX_EXPENSES_PER_GROUP, MAX_PARTICIPANTS, MAX_PAYMENTS_PER_GROUP, MAX_TOTAL_ORE } from '../limits.ts';
import { readCsv } from './csv-read.ts';
import { ImportFailure, refuse } from './model.ts';
import type { ImportedGroup, ImportFormat, ImportResult } from './model.ts';
import { parseSplitwise, splitwiseColumns } from './splitwise.ts';
import { looksLikeSpliitJson, parseSpliitCsv, parseSpliitJson, spliitCsvColumns } from './spliit.ts';
import { parseTricount, tricountColumns } from './tricount.ts';

/** The largest file read, 5 MB: room for the group's whole expense cap in Splitwise's format at ~50 bytes a row. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** Control characters other than tab, line ends and form feed: text files have none, binary files many. */
const isBinary = (text: string) =>
  Array.from(text).some((ch) => {
    const code = ch.charCodeAt(0);
    return code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d;
  });

/** Which export a file is, by its first character (JSON) or its header (CSV), and what it describes. */
function readAny(text: string): Omit<ImportedGroup, 'warnings'> & Pick<ImportedGroup, 'warnings'> {
  // A spreadsheet (.xlsx is a zip, .xls a compound file) or any other binary file is not one of the exports.
  if (isBinary(text.slice(0, 4096)))
    refuse('IMPORT_UNKNOWN_FORMAT', undefined, text.startsWith('PK') ? 'xlsx' : undefined);
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (trimmed === '') refuse('IMPORT_EMPTY');
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      return refuse('IMPORT_BROKEN_FILE');
    }
    if (!looksLikeSpliitJson(value)) refuse('IMPORT_UNKNOWN_FORMAT');
    return { format: 'spliit-json', ...parseSpliitJson(value) };
  }
  const rows = readCsv(text);
  const header = rows.find((row) => row.cells.some((cell) => cell !== ''))?.cells ?? [];
  const spliit = spliitCsvColumns(header);
  if (spliit) return { format: 'spliit-csv', ...parseSpliitCsv(rows, spliit) };
  const tricount = tricountColumns(header);
  if (tricount) return { format: 'tricount', ...parseTricount(rows, tricount) };
  const splitwise = splitwiseColumns(header);
  if (splitwise) return { format: 'splitwise', ...parseSplitwise(rows, splitwise) };
  return refuse('IMPORT_UNKNOWN_FORMAT');
}

/** `base`, or "base 2", "base 3", … : the first that is not in `taken` (lower case), which it is then added to. */
export function uniqueName(base: string, taken: Set<string>): string {
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${base.slice(0, PERSON_NAME_MAX - 4)} ${n}`;
  taken.add(name.toLowerCase());
  return name;
}

/**
 * People's names as Kvitt keeps them: trimmed, at most PERSON_NAME_MAX characters, "Person 3" for a blank one,
 * and no two alike whatever their case ("Anna" and "anna" become "Anna" and "anna 2"), as people without an account
 * in one group must be. Counts how many changed.
 */
function keptNames(people: ImportedGroup['people']): { people: ImportedGroup['people']; changed: number } {
  const taken = new Set<string>();
  let changed = 0;
  const kept = people.map((person, i) => {
    const base =
      person.name.normalize('NFC').replace(/\s+/g, ' ').trim().slice(0, PERSON_NAME_MAX) || `Person ${i + 1}`;
    const name = uniqueName(base, taken);
    if (name !== person.name) changed += 1;
    return { key: person.key, name };
  });
  return { people: kept, changed };
}

/** The file's group within Kvitt's limits (decision 036): people, expenses, and each amount. */
function checkLimits(group: ImportedGroup): void {
  if (group.people.length > MAX_PARTICIPANTS) refuse('IMPORT_TOO_LARGE', undefined, 'people');
  if (group.expenses.length > MAX_EXPENSES_PER_GROUP || group.payments.length > MAX_PAYMENTS_PER_GROUP)
    refuse('IMPORT_TOO_LARGE', undefined, 'expenses');
  const largest = Math.max(0, ...group.expenses.map((e) => e.totalOre), ...group.payments.map((p) => p.amountOre));
  if (largest > MAX_TOTAL_ORE) refuse('IMPORT_TOO_LARGE', undefined, 'amount');
  if (group.expenses.length === 0 && group.payments.length === 0) refuse('IMPORT_EMPTY');
}

/**
 * Reads an export of Splitwise (CSV), Tricount (CSV) or Spliit (JSON or CSV) into the group Kvitt would create from
 * it, or the one reason it cannot be imported (decision 063). Pure: the preview and the import read the same file
 * the same way.
 */
export function readImportFile(text: string): ImportResult {
  try {
    const read = readAny(text);
    const names = keptNames(read.people);
    const group: ImportedGroup = {
      ...read,
      people: names.people,
      expenses: read.expenses.map((expense) => ({ ...expense, title: expense.title.trim().slice(0, MERCHANT_MAX) })),
      warnings: names.changed > 0 ? [...read.warnings, { kind: 'namesChanged', count: names.changed }] : read.warnings,
    };
    checkLimits(group);
    return { ok: true, group };
  } catch (error) {
    if (error instanceof ImportFailure) return { ok: false, problem: error.problem };
    throw error;
  }
}

export type { ImportFormat };
