import { sql } from 'drizzle-orm';
import type { SQLWrapper } from 'drizzle-orm';

/**
 * A whole number read from the database (bigint and numeric arrive as text) as a JavaScript number. Throws rather
 * than round when it passes Number.MAX_SAFE_INTEGER: the limits of decision 036 keep every sum below it, and a
 * wrong balance must never be shown as if it were right.
 */
export function safeIntegerOf(value: unknown): number {
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(number)) throw new RangeError(`not a safe integer from the database: ${String(value)}`);
  return number;
}

/** sum(expression) in PostgreSQL's exact numeric arithmetic, 0 without rows, read as a checked safe integer. */
export const checkedSum = (expression: SQLWrapper) =>
  sql<number>`coalesce(sum(${expression}), 0)`.mapWith(safeIntegerOf);
