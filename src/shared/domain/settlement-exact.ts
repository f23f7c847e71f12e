import { ore } from './money.ts';
import { compareIds, northwestCorner } from './settlement-core.ts';
import type { MemberBalance, Transfer } from './settlement-core.ts';
import { indexPacking } from './settlement-packing.ts';
import type { PackingIndex } from './settlement-packing.ts';

/** Members with a non-zero balance up to which the plan is provably minimal; the table has 2^(limit − 1) entries. */
export const EXACT_LIMIT = 20;

/** The packing of the open members other than the current debtor: `live` is the key of those still open. */
type View = { packing: PackingIndex; stepOf: number[]; live: number };

/** Indexes every open member except the debtor `d`; `stepOf` is indexed like `balance`. */
function viewWithout(d: number, balance: ReadonlyArray<number>): View {
  const members = balance.flatMap((b, i) => (b === 0 || i === d ? [] : [i]));
  const packing = indexPacking(members.map((i) => balance[i] as number));
  const stepOf = balance.map(() => 0);
  members.forEach((member, k) => {
    stepOf[member] = packing.stepOf[k] as number;
  });
  return { packing, stepOf, live: packing.full };
}

/**
 * Fewest transfers in öre for at most EXACT_LIMIT non-zero members: n minus the most disjoint zero-sum groups.
 * Among all plans of that length it returns the one whose flows, read debtor by debtor and creditor by
 * creditor in id order, are lexicographically largest. That order survives removing a paid transfer, which
 * is why paying one proposed transfer leaves exactly the rest of the plan (see docs/decisions/004).
 */
export function settleExact(members: ReadonlyArray<MemberBalance>): Transfer[] {
  const sorted = members.filter((m) => m.balance !== 0).sort((a, b) => compareIds(a.memberId, b.memberId));
  if (sorted.length > EXACT_LIMIT) throw new RangeError(`exact settlement is limited to ${EXACT_LIMIT} members`);
  const ids = sorted.map((m) => m.memberId);
  const balance = sorted.map((m) => m.balance);
  const debtors = balance.flatMap((b, i) => (b < 0 ? [i] : []));
  const creditors = balance.flatMap((b, i) => (b > 0 ? [i] : []));
  const transfers: Transfer[] = [];
  let view: View | undefined;
  for (const d of debtors) {
    if (balance[d] === 0) continue;
    // A creditor whose balance changed invalidates the packing; a member who reached zero only leaves it.
    if (view === undefined) view = viewWithout(d, balance);
    else view.live -= view.stepOf[d] as number;
    const target = view.packing.groupsIn(view.live);
    if (target === 0) {
      // Nothing beside this debtor sums to zero: the rest is one group and the northwest corner finishes it.
      const rest = balance.flatMap((b, i) => (b === 0 ? [] : [{ memberId: ids[i] as string, balance: b }]));
      transfers.push(...northwestCorner(rest));
      break;
    }
    while ((balance[d] as number) < 0) {
      const c = firstPartner(view, target, creditors, balance);
      const amount = Math.min(-(balance[d] as number), balance[c] as number);
      transfers.push({ from: ids[d] as string, to: ids[c] as string, amount: ore(amount) });
      balance[d] = (balance[d] as number) + amount;
      balance[c] = (balance[c] as number) - amount;
      if (balance[c] !== 0) {
        view = undefined;
        break;
      }
      view.live -= view.stepOf[c] as number;
    }
  }
  return transfers;
}

/**
 * The first creditor in id order that shares a group with the current debtor in some plan of fewest transfers:
 * it does exactly when the members other than both still pack as many zero-sum groups as all but the debtor.
 */
function firstPartner(
  view: View,
  target: number,
  creditors: ReadonlyArray<number>,
  balance: ReadonlyArray<number>,
): number {
  for (const c of creditors) {
    if (balance[c] === 0) continue;
    if (view.packing.groupsIn(view.live - (view.stepOf[c] as number)) === target) return c;
  }
  throw new Error('settlement invariant broken: the debtor has no partner');
}
