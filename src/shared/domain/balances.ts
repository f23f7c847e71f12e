import { convertOre, convertShares, RATE_ONE } from './currency.ts';
import type { RateMicros } from './currency.ts';
import { ore } from './money.ts';
import type { Ore } from './money.ts';

/** A receipt as balances need it: total and shares in öre of the receipt's own currency, and its stored rate. */
export type BalanceReceipt = {
  id: string;
  payerMemberId: string;
  totalOre: number;
  rateMicros: RateMicros;
  shares: ReadonlyArray<{ memberId: string; shareOre: number }>;
};

/** A transfer already marked paid, in öre of the group currency. */
export type BalancePayment = { fromMemberId: string; toMemberId: string; amountOre: number };

/** Per-member sums already in the group currency, e.g. summed by SQL over the receipts that need no conversion. */
export type MemberTotals = { memberId: string; paidOre: number; shareOre: number };

/** A member's balance in öre of the group currency: positive means the group owes them, negative that they owe. */
export type MemberBalance = { memberId: string; balance: Ore };

export type ReceiptInGroupCurrency = { totalOre: Ore; shares: Array<{ memberId: string; amountOre: Ore }> };

/**
 * A receipt's total and shares in öre of the group currency at its stored rate; the shares still sum exactly to
 * the total. Seeded by the receipt id, so balances and the per-receipt breakdown always show the same öre.
 */
export function receiptInGroupCurrency(receipt: BalanceReceipt): ReceiptInGroupCurrency {
  const shares = convertShares(
    receipt.shares.map((s) => ({ memberId: s.memberId, amount: s.shareOre })),
    receipt.totalOre,
    receipt.rateMicros,
    receipt.id,
  );
  const totalOre =
    receipt.rateMicros === RATE_ONE ? ore(receipt.totalOre) : convertOre(receipt.totalOre, receipt.rateMicros);
  return { totalOre, shares: shares.map((s) => ({ memberId: s.memberId, amountOre: s.amount })) };
}

/**
 * Balances in öre of the group currency: the payer of each receipt gets its converted total, each participant
 * loses their converted share, and a paid transfer moves its amount from the recipient back to the payer. Sums to
 * exactly zero. Pre-summed `totals` let the database add up receipts that need no conversion. Lists `memberIds`
 * in their order (zero when untouched), then any other member that appears, in id order.
 */
export function computeBalances(input: {
  memberIds: ReadonlyArray<string>;
  receipts?: Iterable<BalanceReceipt>;
  totals?: Iterable<MemberTotals>;
  payments?: Iterable<BalancePayment>;
}): MemberBalance[] {
  const sums = new Map<string, number>(input.memberIds.map((id) => [id, 0]));
  const add = (memberId: string, amount: number) => sums.set(memberId, (sums.get(memberId) ?? 0) + amount);
  for (const receipt of input.receipts ?? []) {
    const converted = receiptInGroupCurrency(receipt);
    add(receipt.payerMemberId, converted.totalOre);
    for (const share of converted.shares) add(share.memberId, -share.amountOre);
  }
  for (const totals of input.totals ?? []) add(totals.memberId, totals.paidOre - totals.shareOre);
  for (const payment of input.payments ?? []) {
    add(payment.fromMemberId, payment.amountOre);
    add(payment.toMemberId, -payment.amountOre);
  }
  const known = new Set(input.memberIds);
  const extra = [...sums.keys()].filter((id) => !known.has(id)).sort();
  return [...input.memberIds, ...extra].map((memberId) => ({ memberId, balance: ore(sums.get(memberId) ?? 0) }));
}

/** True when every balance is exactly zero öre: nothing is left to pay. */
export function allSettled(balances: ReadonlyArray<{ balance: number }>): boolean {
  return balances.every((b) => b.balance === 0);
}
