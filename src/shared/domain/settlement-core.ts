import { ore } from './money.ts';
import type { Ore } from './money.ts';

/** One member's balance in öre: positive means the group owes them money, negative means they owe. */
export type MemberBalance = { memberId: string; balance: number };

/** One proposed payment: `from` (a member who owes) pays `amount` öre to `to` (a member who is owed). */
export type Transfer = { from: string; to: string; amount: Ore };

/** Ids compare by UTF-16 code units, never by locale, so every machine orders members the same way. */
export function compareIds(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/** Sorts transfers by payer id, then recipient id: the one canonical listing of a plan. */
export function sortTransfers(transfers: Transfer[]): Transfer[] {
  return transfers.sort((x, y) => compareIds(x.from, y.from) || compareIds(x.to, y.to));
}

/**
 * Northwest-corner plan in öre over members whose balances sum to zero: debtors in id order pay creditors
 * in id order, each transfer as large as both sides allow. On a group with no zero-sum proper subset it
 * gives exactly size − 1 transfers, and it is the plan that pays the earliest creditors first.
 */
export function northwestCorner(members: ReadonlyArray<MemberBalance>): Transfer[] {
  const sorted = [...members].sort((a, b) => compareIds(a.memberId, b.memberId));
  const debtors = sorted.filter((m) => m.balance < 0).map((m) => ({ id: m.memberId, left: -m.balance }));
  const creditors = sorted.filter((m) => m.balance > 0).map((m) => ({ id: m.memberId, left: m.balance }));
  const transfers: Transfer[] = [];
  let d = 0;
  let c = 0;
  while (d < debtors.length && c < creditors.length) {
    const debtor = debtors[d] as { id: string; left: number };
    const creditor = creditors[c] as { id: string; left: number };
    const amount = Math.min(debtor.left, creditor.left);
    transfers.push({ from: debtor.id, to: creditor.id, amount: ore(amount) });
    debtor.left -= amount;
    creditor.left -= amount;
    if (debtor.left === 0) d += 1;
    if (creditor.left === 0) c += 1;
  }
  return transfers;
}

/**
 * Largest-first greedy in öre: the member who owes most pays the member owed most, as much as both allow,
 * until all balances are zero (ties by id). At most n − 1 transfers; the baseline Kvitt must never lose to.
 */
export function largestFirst(members: ReadonlyArray<MemberBalance>): Transfer[] {
  const open = members
    .filter((m) => m.balance !== 0)
    .map((m) => ({ id: m.memberId, balance: m.balance }))
    .sort((a, b) => compareIds(a.id, b.id));
  const transfers: Transfer[] = [];
  for (;;) {
    let debtor: { id: string; balance: number } | undefined;
    let creditor: { id: string; balance: number } | undefined;
    for (const m of open) {
      if (m.balance < 0 && (debtor === undefined || m.balance < debtor.balance)) debtor = m;
      if (m.balance > 0 && (creditor === undefined || m.balance > creditor.balance)) creditor = m;
    }
    if (debtor === undefined || creditor === undefined) return transfers;
    const amount = Math.min(-debtor.balance, creditor.balance);
    transfers.push({ from: debtor.id, to: creditor.id, amount: ore(amount) });
    debtor.balance += amount;
    creditor.balance -= amount;
  }
}
