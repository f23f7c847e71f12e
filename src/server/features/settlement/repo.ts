import { and, desc, eq, lt, ne, or, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { BalanceExpense, MemberTotals } from '#shared/domain/balances.ts';
import { RATE_ONE } from '#shared/domain/currency.ts';
import type { Currency } from '#shared/domain/currency.ts';
import type { DbOrTx } from '../../db/client.ts';
import { checkedSum } from '../../db/sums.ts';
import { prepared } from '../../db/prepared.ts';
import { payersOfExpenses } from '../../repositories/expense-payers.ts';
import { listGroupMemberships } from '../../repositories/memberships.ts';
import { expensePayers, expenseShares, expenses, groups, ledgerVersions, settlements } from '../../db/schema/index.ts';

export type SettlementMember = {
  id: string;
  userId: string | null;
  name: string | null;
  phone: string | null;
  removed: boolean;
  /** A person without an account (decision 056): takes part, but cannot mark or be reminded of a transfer. */
  placeholder: boolean;
};
export type GroupState = {
  id: string;
  name: string;
  currency: Currency;
  isSettled: boolean;
  settledAt: Date | null;
  /** Proposed transfers below this many öre are left out of the proposal (decision 059). */
  minTransferOre: number;
};
export type Ledger = {
  /** Per member: expenses at rate 1 paid and owed, and payments made net of payments received. */
  totals: MemberTotals[];
  foreignExpenses: BalanceExpense[];
  expenseCount: number;
  convertedExpenseCount: number;
  unratedExpenseCount: number;
};
export type BreakdownRow = {
  expense: Omit<BalanceExpense, 'shares' | 'payers'> & {
    payerMemberId: string;
    merchant: string | null;
    date: string;
    currency: Currency;
  };
  payers: BalanceExpense['payers'];
  shares: BalanceExpense['shares'];
};

const sameRate = eq(expenses.rateMicros, RATE_ONE);

/** Every membership of the group, removed ones included: their balances stay. Oldest first. */
export async function loadMembers(db: DbOrTx, groupId: string): Promise<SettlementMember[]> {
  return (await listGroupMemberships(db, groupId)).map((member) => ({
    id: member.id,
    userId: member.userId,
    name: member.name,
    phone: member.phone,
    removed: !member.active,
    placeholder: member.kind === 'placeholder',
  }));
}

/** The group's ledger version (0 before its first expense): bumped by triggers on every change balances depend on. */
export async function ledgerVersion(db: DbOrTx, groupId: string): Promise<number> {
  const query = prepared(db, 'ledger_version', (d) =>
    d
      .select({ version: ledgerVersions.version })
      .from(ledgerVersions)
      .where(eq(ledgerVersions.groupId, sql.placeholder('groupId')))
      .prepare('ledger_version'),
  );
  const [row] = await query.execute({ groupId });
  return row?.version ?? 0;
}

/**
 * Each member's payments made minus payments received. Summed net per member, never per payer and recipient: a pair
 * paying each other back and forth over years would grow without end, the net stays within the group's sums
 * (decision 036).
 */
async function netPayments(db: DbOrTx, groupId: string): Promise<MemberTotals[]> {
  const inGroup = eq(settlements.groupId, groupId);
  const sides = unionAll(
    db.select({ memberId: settlements.fromMemberId, amount: settlements.amountOre }).from(settlements).where(inGroup),
    db
      .select({ memberId: settlements.toMemberId, amount: sql<number>`-${settlements.amountOre}`.as('amount') })
      .from(settlements)
      .where(inGroup),
  ).as('sides');
  const rows = await db
    .select({ memberId: sides.memberId, amount: checkedSum(sides.amount) })
    .from(sides)
    .groupBy(sides.memberId);
  return rows.map((row) => ({ memberId: row.memberId, paidOre: row.amount, shareOre: 0 }));
}

/**
 * What the balances are made of. Expenses at rate 1 are summed per member by the database (no conversion, so the
 * sums are exact); only expenses in another currency come back whole, to be converted by the domain exactly as
 * convertShares does. Payments come back net per member.
 */
export async function loadLedger(db: DbOrTx, group: Pick<GroupState, 'id' | 'currency'>): Promise<Ledger> {
  const inGroup = eq(expenses.groupId, group.id);
  // One after the other: the ledger is read inside a transaction, whose single connection takes one query at a time.
  const paid = await db
    .select({ memberId: expensePayers.memberId, amount: checkedSum(expensePayers.amountOre) })
    .from(expensePayers)
    .innerJoin(expenses, eq(expenses.id, expensePayers.expenseId))
    .where(and(inGroup, sameRate))
    .groupBy(expensePayers.memberId);
  const owed = await db
    .select({ memberId: expenseShares.memberId, amount: checkedSum(expenseShares.shareOre) })
    .from(expenseShares)
    .innerJoin(expenses, eq(expenses.id, expenseShares.expenseId))
    .where(and(inGroup, sameRate))
    .groupBy(expenseShares.memberId);
  const isForeign = and(inGroup, ne(expenses.rateMicros, RATE_ONE));
  const foreign = await db
    .select({
      id: expenses.id,
      totalOre: expenses.totalOre,
      rateMicros: expenses.rateMicros,
      memberId: expenseShares.memberId,
      shareOre: expenseShares.shareOre,
    })
    .from(expenses)
    .innerJoin(expenseShares, eq(expenseShares.expenseId, expenses.id))
    .where(isForeign);
  const foreignPayers = await payersOfExpenses(db, isForeign);
  const payments = await netPayments(db, group.id);
  const counts = await db
    .select({
      all: sql<number>`count(*)`.mapWith(Number),
      converted: sql<number>`count(*) filter (where ${expenses.currency} <> ${group.currency})`.mapWith(Number),
      unrated: sql<number>`count(*) filter (where ${expenses.rateSource} = 'fallback')`.mapWith(Number),
    })
    .from(expenses)
    .where(inGroup);
  const totals: MemberTotals[] = [
    ...paid.map((row) => ({ memberId: row.memberId, paidOre: row.amount, shareOre: 0 })),
    ...owed.map((row) => ({ memberId: row.memberId, paidOre: 0, shareOre: row.amount })),
    ...payments,
  ];
  return {
    totals,
    foreignExpenses: groupShares(foreign, foreignPayers),
    expenseCount: counts[0]?.all ?? 0,
    convertedExpenseCount: counts[0]?.converted ?? 0,
    unratedExpenseCount: counts[0]?.unrated ?? 0,
  };
}

type ShareRow = { id: string; totalOre: number; rateMicros: number; memberId: string; shareOre: number };
type PayerRow = { expenseId: string; memberId: string; amountOre: number };
type Gathered = BalanceExpense & {
  payers: Array<{ memberId: string; amountOre: number }>;
  shares: Array<{ memberId: string; shareOre: number }>;
};

/** Share rows and payer rows put back together per expense. */
function groupShares(rows: ShareRow[], payerRows: PayerRow[]): BalanceExpense[] {
  const byId = new Map<string, Gathered>();
  for (const row of rows) {
    let expense = byId.get(row.id);
    if (!expense) {
      expense = { id: row.id, totalOre: row.totalOre, rateMicros: row.rateMicros, payers: [], shares: [] };
      byId.set(row.id, expense);
    }
    expense.shares.push({ memberId: row.memberId, shareOre: row.shareOre });
  }
  for (const row of payerRows)
    byId.get(row.expenseId)?.payers.push({ memberId: row.memberId, amountOre: row.amountOre });
  return [...byId.values()];
}

const groupColumns = {
  id: groups.id,
  name: groups.name,
  currency: groups.currency,
  isSettled: groups.isSettled,
  settledAt: groups.settledAt,
  minTransferOre: groups.minTransferOre,
};
/** A group row (or the part of it settlement reads) as settlement's view of the group. */
export function toGroupState(row: {
  id: string;
  name: string;
  currency: string;
  isSettled: boolean;
  settledAt: Date | null;
  minTransferOre: number;
}): GroupState {
  return {
    id: row.id,
    name: row.name,
    currency: row.currency as Currency,
    isSettled: row.isSettled,
    settledAt: row.settledAt,
    minTransferOre: row.minTransferOre,
  };
}

/** Reads the group row and holds its lock until the transaction ends, so concurrent settlement changes queue up. */
export async function lockGroup(tx: DbOrTx, groupId: string): Promise<GroupState> {
  const [row] = await tx.select(groupColumns).from(groups).where(eq(groups.id, groupId)).for('update');
  if (!row) throw new Error(`group ${groupId} vanished under its lock`);
  return toGroupState(row);
}

export async function setSettled(db: DbOrTx, groupId: string, settled: boolean): Promise<GroupState> {
  const now = new Date();
  const [row] = await db
    .update(groups)
    .set({ isSettled: settled, settledAt: settled ? now : null, updatedAt: now })
    .where(eq(groups.id, groupId))
    .returning(groupColumns);
  if (!row) throw new Error(`group ${groupId} not updated`);
  return toGroupState(row);
}

/** The owner's "leave out transfers below" (decision 059). */
export async function setMinTransfer(db: DbOrTx, groupId: string, minTransferOre: number): Promise<void> {
  await db.update(groups).set({ minTransferOre }).where(eq(groups.id, groupId));
}

// Shares gathered per expense in the same query: a correlated subquery walks the (expense_id, member_id) key for
// each row of the page, where a separate IN (…) query made the planner scan every share of the database.
const sharesOfExpense = sql<
  Array<[string, number]>
>`(select coalesce(json_agg(json_build_array(${expenseShares.memberId}, ${expenseShares.shareOre})), '[]')
  from ${expenseShares} where ${expenseShares.expenseId} = ${expenses.id})`;
const payersOfExpense = sql<
  Array<[string, number]>
>`(select coalesce(json_agg(json_build_array(${expensePayers.memberId}, ${expensePayers.amountOre})), '[]')
  from ${expensePayers} where ${expensePayers.expenseId} = ${expenses.id})`;

/** One page of expenses, newest date first (ties by id), with their shares; `after` is the last row of the previous page. */
export async function breakdownPage(
  db: DbOrTx,
  groupId: string,
  limit: number,
  after: { date: string; id: string } | null,
): Promise<BreakdownRow[]> {
  const older = after
    ? or(lt(expenses.expenseDate, after.date), and(eq(expenses.expenseDate, after.date), lt(expenses.id, after.id)))
    : undefined;
  const rows = await db
    .select({
      id: expenses.id,
      payerMemberId: expenses.payerMemberId,
      totalOre: expenses.totalOre,
      rateMicros: expenses.rateMicros,
      merchant: expenses.merchant,
      date: expenses.expenseDate,
      currency: expenses.currency,
      payers: payersOfExpense,
      shares: sharesOfExpense,
    })
    .from(expenses)
    .where(and(eq(expenses.groupId, groupId), older))
    .orderBy(desc(expenses.expenseDate), desc(expenses.id))
    .limit(limit);
  return rows.map(({ shares, payers, ...row }) => ({
    expense: { ...row, currency: row.currency as Currency },
    payers: payers.map(([memberId, amountOre]) => ({ memberId, amountOre: Number(amountOre) })),
    shares: shares.map(([memberId, shareOre]) => ({ memberId, shareOre: Number(shareOre) })),
  }));
}
