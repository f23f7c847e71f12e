import { isValidIsoDate } from '#shared/api/expenses.ts';
import { isUuid } from '#shared/api/ids.ts';
import { AppError } from '../../lib/errors.ts';
import type { ExpenseKey } from './repo.ts';

const SAVED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The opaque `nextCursor` of an expense page: the sort key of its last expense. */
export function encodeExpenseCursor(key: ExpenseKey): string {
  return Buffer.from(JSON.stringify([key.expenseDate, key.savedAt, key.id])).toString('base64url');
}

function validSavedAt(text: string): boolean {
  if (!SAVED_AT.test(text)) return false;
  const time = new Date(text);
  // 25:00 or 30 February must not reach the database, where they would fail as a server error.
  return !Number.isNaN(time.getTime()) && time.toISOString().slice(0, 19) === text.slice(0, 19);
}

/** The sort key a cursor carries; anything not made by encodeExpenseCursor is VALIDATION, never a database error. */
export function decodeExpenseCursor(cursor: string): ExpenseKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (Array.isArray(parsed) && parsed.length === 3 && parsed.every((part) => typeof part === 'string')) {
    const [expenseDate, savedAt, id] = parsed as [string, string, string];
    if (isValidIsoDate(expenseDate) && validSavedAt(savedAt) && isUuid(id)) return { expenseDate, savedAt, id };
  }
  throw new AppError('VALIDATION', { cursor: 'invalid' });
}
