/** How a Spliit expense is split (its `splitMode`). */
export type SpliitSplitMode = 'EVENLY' | 'BY_SHARES' | 'BY_PERCENTAGE' | 'BY_AMOUNT';

/** FNV-1a, 32 bit, over the UTF-16 code units: the hash Spliit seeds its leftover-cent rotation with. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * Each participant's share of a Spliit expense in cents, as Spliit computes it (decision 063): participants in id
 * order, weight 1 each for EVENLY and their `shares` otherwise, each share the floor of its exact part, and the
 * cents left over one each by largest remainder, ties in an order rotated by the expense id's hash. Exact with
 * BigInt, for negative amounts (income) too.
 */
export function spliitShares(expense: {
  id?: string | null | undefined;
  amount: number;
  splitMode: SpliitSplitMode;
  paidFor: ReadonlyArray<{ participantId: string; shares: number }>;
}): Map<string, number> {
  const paidFor = [...expense.paidFor].sort((a, b) => (a.participantId < b.participantId ? -1 : 1));
  const weights = paidFor.map((entry) => BigInt(expense.splitMode === 'EVENLY' ? 1 : entry.shares));
  const total = weights.reduce((sum, weight) => sum + weight, 0n);
  const count = paidFor.length;
  if (count === 0) return new Map();
  if (total === 0n) return new Map(paidFor.map((entry) => [entry.participantId, 0]));
  const amount = BigInt(expense.amount);
  const floorDiv = (a: bigint, b: bigint) => {
    const q = a / b;
    return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
  };
  const amounts = weights.map((weight) => floorDiv(amount * weight, total));
  const remainders = weights.map((weight, index) => ({
    index,
    remainder: amount * weight - (amounts[index] ?? 0n) * total,
  }));
  const offset = expense.id ? fnv1a(expense.id) % count : 0;
  const rotate = (index: number) => (index - offset + count) % count;
  remainders.sort((a, b) =>
    a.remainder !== b.remainder ? (b.remainder > a.remainder ? 1 : -1) : rotate(a.index) - rotate(b.index),
  );
  let left = Number(amount - amounts.reduce((sum, value) => sum + value, 0n));
  for (const { index } of remainders) {
    if (left <= 0) break;
    amounts[index] = (amounts[index] ?? 0n) + 1n;
    left -= 1;
  }
  return new Map(paidFor.map((entry, index) => [entry.participantId, Number(amounts[index] ?? 0n)]));
}
