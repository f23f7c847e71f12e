import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import { unconvertedTotals } from '#shared/domain/balances.ts';
import type { BalanceExpense, MemberTotals } from '#shared/domain/balances.ts';
import type { Currency } from '#shared/domain/currency.ts';
import type { DbOrTx } from '../../db/client.ts';
import { safeIntegerOf } from '../../db/sums.ts';
import { unconvertedExpensesOf } from '../../repositories/converted-amounts.ts';
import { listGroupMemberships } from '../../repositories/memberships.ts';
import {
  expensePayers,
  expenseShares,
  expenses,
  groups,
  ledgerCurrencyCounts,
  ledgerMemberSums,
} from '../../db/schema/index.ts';

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
  /** Per member, in öre of the group currency: expenses paid and owed, payments made net of payments received. */
  totals: MemberTotals[];
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

export { ledgerVersion } from '../../repositories/ledger-version.ts';

/**
 * What the balances are made of (decisions 068, 078). Expenses and payments come as per-member running sums that
 * triggers keep in the transaction of every change, so their cost does not grow with the group's history: expenses at
 * rate 1 by their amounts, expenses at another rate by the converted amounts stored with their rows. Only rows not
 * converted yet (written by an older server, or whose expense changed in place) are converted here, as
 * `expenseInGroupCurrency` does; there are none once the startup conversion has run.
 */
export async function loadLedger(db: DbOrTx, group: Pick<GroupState, 'id' | 'currency'>): Promise<Ledger> {
  // One after the other: the ledger is read inside a transaction, whose single connection takes one query at a time.
  const sums = await db
    .select({
      memberId: ledgerMemberSums.memberId,
      paid: ledgerMemberSums.paidOre,
      share: ledgerMemberSums.shareOre,
      convertedPaid: ledgerMemberSums.convertedPaidOre,
      convertedShare: ledgerMemberSums.convertedShareOre,
      payments: ledgerMemberSums.paymentsOre,
    })
    .from(ledgerMemberSums)
    .where(eq(ledgerMemberSums.groupId, group.id));
  const unconverted = await unconvertedExpensesOf(db, group.id);
  const counts = await db
    .select({
      currency: ledgerCurrencyCounts.currency,
      expenses: ledgerCurrencyCounts.expenses,
      unrated: ledgerCurrencyCounts.unrated,
    })
    .from(ledgerCurrencyCounts)
    .where(eq(ledgerCurrencyCounts.groupId, group.id));
  const count = (rows: typeof counts) => rows.reduce((sum, row) => sum + safeIntegerOf(row.expenses), 0);
  // A member whose every row was deleted keeps a row of zeros, which adds nothing and is no reason to list them.
  const totals: MemberTotals[] = sums
    .filter(
      (row) =>
        row.paid !== 0 || row.share !== 0 || row.convertedPaid !== 0 || row.convertedShare !== 0 || row.payments !== 0,
    )
    .map((row) => ({
      memberId: row.memberId,
      paidOre: safeIntegerOf(row.paid) + safeIntegerOf(row.convertedPaid) + safeIntegerOf(row.payments),
      shareOre: safeIntegerOf(row.share) + safeIntegerOf(row.convertedShare),
    }));
  return {
    totals: [...totals, ...unconverted.flatMap(unconvertedTotals)],
    expenseCount: count(counts),
    convertedExpenseCount: count(counts.filter((row) => row.currency !== group.currency)),
    unratedExpenseCount: counts.reduce((sum, row) => sum + safeIntegerOf(row.unrated), 0),
  };
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
