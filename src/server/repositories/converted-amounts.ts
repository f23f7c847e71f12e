import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { withGroupAmounts } from '#shared/domain/balances.ts';
import type { PartlyConvertedExpense } from '#shared/domain/balances.ts';
import { RATE_ONE } from '#shared/domain/currency.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { expensePayers, expenseShares, expenses } from '../db/schema/index.ts';

/**
 * Ids of expenses with a payer or share row whose converted amount is not stored (decision 078), from the partial
 * indexes that hold only those rows: none once every row is converted, so reading them costs nothing then, whatever
 * the number of expenses. `after` and `limit` walk them in id order.
 */
function unconvertedIds(after: string | null, limit: number | null): SQL {
  const from = (table: typeof expensePayers | typeof expenseShares, amount: SQL) =>
    sql`(select ${table.expenseId} as expense_id from ${table} where ${amount} is null
      ${after === null ? sql`` : sql`and ${table.expenseId} > ${after}`}
      order by 1 ${limit === null ? sql`` : sql`limit ${limit}`})`;
  return sql`${from(expensePayers, sql`${expensePayers.groupAmountOre}`)} union ${from(expenseShares, sql`${expenseShares.groupShareOre}`)}`;
}

// An array of the ids, not a join: the ids are read first and the expenses by key, whatever the planner's statistics
// say of the indexes (after a large conversion they still count the rows that were null).
const amongUnconverted = (ids: SQL) => sql`${expenses.id} = any(array(${ids}))`;

const expenseKey = { id: expenses.id, totalOre: expenses.totalOre, rateMicros: expenses.rateMicros };

/** The expenses found, whole: every payer and share row with its stored amount or null. */
async function withRows(
  db: DbOrTx,
  found: Array<{ id: string; totalOre: number; rateMicros: number }>,
): Promise<PartlyConvertedExpense[]> {
  if (found.length === 0) return [];
  const ids = found.map((expense) => expense.id);
  const payers = await db.select().from(expensePayers).where(inArray(expensePayers.expenseId, ids));
  const shares = await db.select().from(expenseShares).where(inArray(expenseShares.expenseId, ids));
  return found.map((expense) => ({
    ...expense,
    payers: payers.filter((payer) => payer.expenseId === expense.id),
    shares: shares.filter((share) => share.expenseId === expense.id),
  }));
}

/** The group's expenses that balances must still convert row by row: rows of an older server, or not yet converted. */
export async function unconvertedExpensesOf(db: DbOrTx, groupId: string): Promise<PartlyConvertedExpense[]> {
  const found = await db
    .select(expenseKey)
    .from(expenses)
    .where(
      and(
        amongUnconverted(unconvertedIds(null, null)),
        eq(expenses.groupId, groupId),
        ne(expenses.rateMicros, RATE_ONE),
      ),
    )
    .orderBy(asc(expenses.id));
  return withRows(db, found);
}

/** Expenses converted per transaction by the startup conversion. */
const BATCH = 100;

/**
 * Stores the converted amounts of every row that lacks one: rows at rate 1 get their own amounts, rows of expenses at
 * another rate what `withGroupAmounts` computes. Run at startup after the migrations (decision 078); rows written
 * while it runs already carry their amounts. Each batch locks its expenses, so an edit cannot change a rate between
 * the reading and the writing. Answers how many expenses at another rate it converted.
 */
export async function convertStoredAmounts(db: Db): Promise<number> {
  await db.execute(sql`update ${expensePayers} p set group_amount_ore = p.amount_ore from ${expenses} e
    where p.group_amount_ore is null and e.id = p.expense_id and e.rate_micros = ${RATE_ONE}`);
  await db.execute(sql`update ${expenseShares} s set group_share_ore = s.share_ore from ${expenses} e
    where s.group_share_ore is null and e.id = s.expense_id and e.rate_micros = ${RATE_ONE}`);
  let converted = 0;
  let after: string | null = null;
  for (;;) {
    const result: unknown = await db.execute(
      sql`select expense_id from (${unconvertedIds(after, BATCH)}) ids order by 1 limit ${BATCH}`,
    );
    const ids: string[] = (result as { rows: Array<{ expense_id: string }> }).rows.map((row) => row.expense_id);
    const last = ids.at(-1);
    if (last === undefined) return converted;
    converted += await db.transaction(async (tx) => {
      const found = await tx
        .select(expenseKey)
        .from(expenses)
        .where(and(inArray(expenses.id, ids), ne(expenses.rateMicros, RATE_ONE)))
        .orderBy(asc(expenses.id))
        .for('update');
      await storeGroupAmounts(tx, await withRows(tx, found));
      return found.length;
    });
    after = last;
  }
}

type Converted = { expenseId: string; memberId: string; amount: number };
const valuesOf = (rows: Converted[]) =>
  sql.join(
    rows.map((row) => sql`(${row.expenseId}::uuid, ${row.memberId}::uuid, ${row.amount}::bigint)`),
    sql`, `,
  );

/** One statement per table for the whole batch: the triggers then run once, not once per row. */
async function storeGroupAmounts(tx: DbOrTx, batch: PartlyConvertedExpense[]): Promise<void> {
  const payers: Converted[] = [];
  const shares: Converted[] = [];
  for (const expense of batch) {
    const converted = withGroupAmounts(expense);
    for (const p of converted.payers)
      payers.push({ expenseId: expense.id, memberId: p.memberId, amount: p.groupAmountOre });
    for (const s of converted.shares)
      shares.push({ expenseId: expense.id, memberId: s.memberId, amount: s.groupShareOre });
  }
  if (payers.length > 0)
    await tx.execute(sql`update ${expensePayers} p set group_amount_ore = v.amount
      from (values ${valuesOf(payers)}) as v(expense_id, member_id, amount)
      where p.expense_id = v.expense_id and p.member_id = v.member_id and p.group_amount_ore is distinct from v.amount`);
  if (shares.length > 0)
    await tx.execute(sql`update ${expenseShares} s set group_share_ore = v.amount
      from (values ${valuesOf(shares)}) as v(expense_id, member_id, amount)
      where s.expense_id = v.expense_id and s.member_id = v.member_id and s.group_share_ore is distinct from v.amount`);
}
