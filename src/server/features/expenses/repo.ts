import { and, asc, count, desc, eq, gte, ilike, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { containsPattern } from '#shared/domain/expense-search.ts';
import type { ExpenseSearch } from '#shared/domain/expense-search.ts';
import type { Currency, RateMicros } from '#shared/domain/currency.ts';
import { ore } from '#shared/domain/money.ts';
import type { Ore } from '#shared/domain/money.ts';
import type { SplitMethod } from '#shared/domain/split.ts';
import type { RateSource } from '#shared/api/expenses.ts';
import type { DbOrTx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { listGroupMemberships } from '../../repositories/memberships.ts';
import {
  auditLog,
  expensePayers,
  expenseShares,
  expenses,
  groupMembers,
  groups,
  profiles,
} from '../../db/schema/index.ts';

export type Expense = {
  id: string;
  groupId: string;
  payerMemberId: string;
  createdByMemberId: string;
  totalOre: Ore;
  currency: Currency;
  rateMicros: RateMicros;
  rateDate: string | null;
  rateSource: RateSource;
  expenseDate: string;
  merchant: string | null;
  category: string;
  note: string | null;
  splitMethod: SplitMethod;
  imageKey: string | null;
  thumbKey: string | null;
  createdAt: Date;
};

/** One payer of an expense, in öre of the expense's own currency (decision 057). */
export type StoredPayer = { memberId: string; name: string | null; amountOre: Ore };
export type NewPayer = { memberId: string; amountOre: number };
export type ExpenseListItem = Expense & { payerName: string | null; participantCount: number; payers: StoredPayer[] };
export type StoredShare = { memberId: string; name: string | null; shareOre: Ore; shareInput: number | null };
export type GroupMember = { id: string; userId: string | null; name: string | null; active: boolean };
export type NewShare = { memberId: string; shareType: SplitMethod; shareInput: number | null; shareOre: Ore };
/** Rows as stored: with their amounts in the group currency, converted together by `withGroupAmounts` (decision 078). */
export type ConvertedPayer = NewPayer & { groupAmountOre: Ore };
export type ConvertedShare = NewShare & { groupShareOre: Ore };

type ExpenseRow = typeof expenses.$inferSelect;

function toExpense(row: ExpenseRow): Expense {
  return {
    id: row.id,
    groupId: row.groupId,
    payerMemberId: row.payerMemberId,
    createdByMemberId: row.createdByMemberId,
    totalOre: ore(row.totalOre),
    currency: row.currency as Currency,
    rateMicros: row.rateMicros,
    rateDate: row.rateDate,
    rateSource: row.rateSource,
    expenseDate: row.expenseDate,
    merchant: row.merchant,
    category: row.category,
    note: row.note,
    splitMethod: row.splitMethod,
    imageKey: row.imageKey,
    thumbKey: row.thumbKey,
    createdAt: row.createdAt,
  };
}

// A removed member's profile may be gone; the membership keeps the display name the group needs.
const memberName = sql<string | null>`coalesce(${profiles.name}, ${groupMembers.displayName})`;

/** Every membership of the group, removed ones included, so old expenses still name their people. */
export async function findGroupMembers(db: DbOrTx, groupId: string): Promise<GroupMember[]> {
  return (await listGroupMemberships(db, groupId)).map((member) => ({
    id: member.id,
    userId: member.userId,
    name: member.name,
    active: member.active,
  }));
}

/** Where a page of the expense list ended: the sort key of its last row, `savedAt` to the microsecond. */
export type ExpenseKey = { expenseDate: string; savedAt: string; id: string };
export type ExpenseFilter = {
  category?: string | undefined;
  hasImage?: boolean | undefined;
  search?: ExpenseSearch | null | undefined;
};
export type ExpensePageItem = ExpenseListItem & { key: ExpenseKey };

// created_at to the microsecond in UTC: a JavaScript Date keeps milliseconds only, and a cursor rounded to them
// would repeat or skip expenses saved within the same millisecond.
const savedAtText = sql<string>`to_char(${expenses.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const newestFirst = [desc(expenses.expenseDate), desc(expenses.createdAt), desc(expenses.id)] as const;

// Payers gathered per expense in the same query, in join order with names: one walk of the (expense_id, member_id)
// key per row of the page, as the breakdown gathers shares.
const payersOfExpense = sql<Array<[string, string | null, number | string]>>`(
  select coalesce(json_agg(json_build_array(p.member_id, coalesce(pr.name, gm.display_name), p.amount_ore)
    order by gm.joined_at, gm.id), '[]')
  from expense_payers p
  join group_members gm on gm.id = p.member_id
  left join profiles pr on pr.user_id = gm.user_id
  where p.expense_id = ${expenses.id})`;

const toPayers = (rows: Array<[string, string | null, number | string]>): StoredPayer[] =>
  rows.map(([memberId, name, amountOre]) => ({ memberId, name, amountOre: ore(Number(amountOre)) }));

function selectExpenses(db: DbOrTx) {
  return db
    .select({
      expense: expenses,
      savedAt: savedAtText,
      payerName: memberName,
      participantCount: sql<number>`(select count(*)::int from ${expenseShares} where ${expenseShares.expenseId} = ${expenses.id})`,
      payers: payersOfExpense,
    })
    .from(expenses)
    .innerJoin(groupMembers, eq(groupMembers.id, expenses.payerMemberId))
    .leftJoin(profiles, eq(profiles.userId, groupMembers.userId));
}

function toListItem(row: Awaited<ReturnType<ReturnType<typeof selectExpenses>['execute']>>[number]): ExpensePageItem {
  const expense = toExpense(row.expense);
  return {
    ...expense,
    payerName: row.payerName,
    participantCount: Number(row.participantCount),
    payers: toPayers(row.payers),
    key: { expenseDate: expense.expenseDate, savedAt: row.savedAt, id: expense.id },
  };
}

/** Every expense of the group newest first, with its payers' names and the number of participants (the CSV). */
export async function listExpenses(db: DbOrTx, groupId: string): Promise<ExpenseListItem[]> {
  const rows = await selectExpenses(db)
    .where(eq(expenses.groupId, groupId))
    .orderBy(...newestFirst);
  return rows.map(toListItem);
}

/** The merchant or the note contains the text, or the total is the amount searched for. */
function matchesSearch(search: ExpenseSearch): SQL | undefined {
  const pattern = containsPattern(search.text);
  return or(
    ilike(expenses.merchant, pattern),
    ilike(expenses.note, pattern),
    search.amount
      ? and(gte(expenses.totalOre, search.amount.minOre), lt(expenses.totalOre, search.amount.endOre))
      : undefined,
  );
}

/**
 * The pages the list asks for on every visit (all, or one category; first or after a cursor), built once (decision
 * 070). Sent unnamed, so PostgreSQL plans every run with its own group, cursor and limit: a generic plan of a named
 * statement knows none of them, and in one bench run with one the first page stopped being answered at all.
 */
function preparedPage(db: DbOrTx, by: { category: boolean; after: boolean }) {
  const name = `expense_page${by.category ? '_category' : ''}${by.after ? '_after' : ''}`;
  return prepared(db, name, (d) =>
    selectExpenses(d)
      .where(
        and(
          eq(expenses.groupId, sql.placeholder('groupId')),
          by.category ? eq(expenses.category, sql.placeholder('category')) : undefined,
          by.after
            ? sql`(${expenses.expenseDate}, ${expenses.createdAt}, ${expenses.id}) < (${sql.placeholder('date')}::date, ${sql.placeholder('savedAt')}::timestamptz, ${sql.placeholder('id')}::uuid)`
            : undefined,
        ),
      )
      .orderBy(...newestFirst)
      .limit(sql.placeholder('limit'))
      .prepare(''),
  );
}

/**
 * Up to `limit` expenses newest first after `after` (keyset: the row comparison walks the group's date index and
 * stays as fast on the hundredth page as on the first; an expense saved meanwhile sorts before the cursor or after it,
 * never into a page already read).
 */
export async function expensePage(
  db: DbOrTx,
  groupId: string,
  options: { limit: number; after: ExpenseKey | null } & ExpenseFilter,
): Promise<ExpensePageItem[]> {
  const { limit, after, category, hasImage, search } = options;
  if (hasImage === undefined && !search) {
    const cursor = after ? { date: after.expenseDate, savedAt: after.savedAt, id: after.id } : {};
    const values = { groupId, limit, ...cursor, ...(category === undefined ? {} : { category }) };
    return (await preparedPage(db, { category: category !== undefined, after: after !== null }).execute(values)).map(
      toListItem,
    );
  }
  const rows = await selectExpenses(db)
    .where(
      and(
        eq(expenses.groupId, groupId),
        category === undefined ? undefined : eq(expenses.category, category),
        hasImage === undefined ? undefined : hasImage ? isNotNull(expenses.imageKey) : isNull(expenses.imageKey),
        search ? matchesSearch(search) : undefined,
        after
          ? sql`(${expenses.expenseDate}, ${expenses.createdAt}, ${expenses.id}) < (${after.expenseDate}::date, ${after.savedAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map(toListItem);
}

/**
 * The distinct categories of the group's expenses, for the list's filter. A skip scan by hand over
 * expenses_group_category_idx: one index probe per category, where DISTINCT read every expense of the group
 * (0.3 ms against 2.4 ms for 5,000 expenses).
 */
export async function expenseCategories(db: DbOrTx, groupId: string): Promise<string[]> {
  const result = await db.execute<{ category: string }>(sql`
    with recursive used(category) as (
      (select category from expenses where group_id = ${groupId} order by category limit 1)
      union all
      select (select r.category from expenses r
              where r.group_id = ${groupId} and r.category > used.category order by r.category limit 1)
      from used where used.category is not null
    )
    select category from used where category is not null`);
  return (result as { rows: Array<{ category: string }> }).rows.map((row) => row.category);
}

export async function findExpense(db: DbOrTx, expenseId: string): Promise<Expense | null> {
  const [row] = await db.select().from(expenses).where(eq(expenses.id, expenseId)).limit(1);
  return row ? toExpense(row) : null;
}

/** An expense's shares in the order members joined, with names. */
export async function findShares(db: DbOrTx, expenseId: string): Promise<StoredShare[]> {
  const rows = await db
    .select({
      memberId: expenseShares.memberId,
      name: memberName,
      shareOre: expenseShares.shareOre,
      shareInput: expenseShares.shareInput,
    })
    .from(expenseShares)
    .innerJoin(groupMembers, eq(groupMembers.id, expenseShares.memberId))
    .leftJoin(profiles, eq(profiles.userId, groupMembers.userId))
    .where(eq(expenseShares.expenseId, expenseId))
    .orderBy(asc(groupMembers.joinedAt), asc(groupMembers.id));
  return rows.map((row) => ({ ...row, shareOre: ore(row.shareOre) }));
}

/** An expense's payers in the order members joined, with names. */
export async function findPayers(db: DbOrTx, expenseId: string): Promise<StoredPayer[]> {
  const rows = await db
    .select({ memberId: expensePayers.memberId, name: memberName, amountOre: expensePayers.amountOre })
    .from(expensePayers)
    .innerJoin(groupMembers, eq(groupMembers.id, expensePayers.memberId))
    .leftJoin(profiles, eq(profiles.userId, groupMembers.userId))
    .where(eq(expensePayers.expenseId, expenseId))
    .orderBy(asc(groupMembers.joinedAt), asc(groupMembers.id));
  return rows.map((row) => ({ ...row, amountOre: ore(row.amountOre) }));
}

/** Replaces every payer of an expense: deletes them all, then inserts the new ones. */
export async function replacePayers(db: DbOrTx, expenseId: string, payers: readonly ConvertedPayer[]): Promise<void> {
  await db.delete(expensePayers).where(eq(expensePayers.expenseId, expenseId));
  await db.insert(expensePayers).values(payers.map((payer) => ({ expenseId, ...payer })));
}

export type ExpenseValues = Omit<Expense, 'createdAt' | 'createdByMemberId'>;

export async function insertExpense(db: DbOrTx, values: ExpenseValues & { createdByMemberId: string }): Promise<void> {
  await db.insert(expenses).values(values);
}

export async function updateExpense(
  db: DbOrTx,
  expenseId: string,
  values: Omit<ExpenseValues, 'id' | 'groupId'>,
): Promise<void> {
  await db
    .update(expenses)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(expenses.id, expenseId));
}

/** Replaces every share of an expense: deletes them all, then inserts the new ones. */
export async function replaceShares(db: DbOrTx, expenseId: string, shares: readonly ConvertedShare[]): Promise<void> {
  await db.delete(expenseShares).where(eq(expenseShares.expenseId, expenseId));
  await db.insert(expenseShares).values(shares.map((share) => ({ expenseId, ...share })));
}

export type ExpenseFiles = { imageKey: string | null; thumbKey: string | null };
const expenseFiles = { imageKey: expenses.imageKey, thumbKey: expenses.thumbKey };

/** The expense's image files under a row lock, so an edit and a deletion at once agree on which files go. */
export async function lockExpenseFiles(db: DbOrTx, expenseId: string): Promise<ExpenseFiles | null> {
  const [row] = await db.select(expenseFiles).from(expenses).where(eq(expenses.id, expenseId)).for('update');
  return row ?? null;
}

/** Deletes the expense (its shares and payers cascade) and answers the files it named, from the statement that removed it. */
export async function deleteExpense(db: DbOrTx, expenseId: string): Promise<ExpenseFiles | null> {
  const [row] = await db.delete(expenses).where(eq(expenses.id, expenseId)).returning(expenseFiles);
  return row ?? null;
}

export type AuditEntry = {
  groupId: string;
  actorId: string;
  entityId: string;
  action: 'created' | 'updated' | 'deleted';
  diff: Record<string, { from: unknown; to: unknown }>;
};

export async function insertAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    groupId: entry.groupId,
    actorId: entry.actorId,
    entityType: 'expense',
    entityId: entry.entityId,
    action: entry.action,
    diffJson: entry.diff,
  });
}

/**
 * Whether the group is settled, read under a share lock inside the saving transaction, so a settlement that lands
 * between the first check and the insert cannot be overtaken by a change to its expenses.
 */
export async function isGroupSettledLocked(db: DbOrTx, groupId: string): Promise<boolean> {
  const [row] = await db
    .select({ isSettled: groups.isSettled })
    .from(groups)
    .where(eq(groups.id, groupId))
    .for('share');
  return row?.isSettled ?? true;
}

/**
 * Whether the group is settled and how many expenses it holds, read under a lock that new expenses of the group take
 * one after the other (and that a settlement's lock also waits for), so two saves cannot both take the last place
 * below the expense limit of decision 036.
 */
export async function lockGroupForNewExpense(
  db: DbOrTx,
  groupId: string,
): Promise<{ isSettled: boolean; expenseCount: number }> {
  const [row] = await db
    .select({ isSettled: groups.isSettled })
    .from(groups)
    .where(eq(groups.id, groupId))
    .for('no key update');
  const [counted] = await db.select({ value: count() }).from(expenses).where(eq(expenses.groupId, groupId));
  return { isSettled: row?.isSettled ?? true, expenseCount: counted?.value ?? 0 };
}

/** Names of each expense's participants, in the order members joined, for the CSV's Deltagare column. */
export async function participantNames(db: DbOrTx, groupId: string): Promise<Map<string, Array<string | null>>> {
  const rows = await db
    .select({ expenseId: expenseShares.expenseId, name: memberName })
    .from(expenseShares)
    .innerJoin(expenses, eq(expenses.id, expenseShares.expenseId))
    .innerJoin(groupMembers, eq(groupMembers.id, expenseShares.memberId))
    .leftJoin(profiles, eq(profiles.userId, groupMembers.userId))
    .where(eq(expenses.groupId, groupId))
    .orderBy(asc(groupMembers.joinedAt), asc(groupMembers.id));
  const names = new Map<string, Array<string | null>>();
  for (const row of rows) names.set(row.expenseId, [...(names.get(row.expenseId) ?? []), row.name]);
  return names;
}
