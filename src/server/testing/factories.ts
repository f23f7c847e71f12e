import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { withGroupAmounts } from '#shared/domain/balances.ts';
import type { DbOrTx } from '../db/client.ts';
import { expensePayers, expenseShares, expenses, groupMembers, groups } from '../db/schema/index.ts';

// Direct inserts for test setup only: each test of a feature still goes through that feature's HTTP routes.

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const randomCode = () => Array.from(randomBytes(8), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');

export async function insertGroup(
  db: DbOrTx,
  input: { ownerId: string; name?: string; currency?: 'SEK' | 'EUR' | 'USD'; isSettled?: boolean },
) {
  const [group] = await db
    .insert(groups)
    .values({
      name: input.name ?? 'Testgrupp',
      ownerId: input.ownerId,
      inviteCode: randomCode(),
      currency: input.currency ?? 'SEK',
      isSettled: input.isSettled ?? false,
    })
    .returning();
  if (!group) throw new Error('group not inserted');
  const [owner] = await db
    .insert(groupMembers)
    .values({ groupId: group.id, userId: input.ownerId, role: 'owner' })
    .returning();
  if (!owner) throw new Error('owner not inserted');
  return { group, owner };
}

export async function insertMember(
  db: DbOrTx,
  input: { groupId: string; userId: string | null; displayName?: string },
) {
  const [member] = await db
    .insert(groupMembers)
    .values({ groupId: input.groupId, userId: input.userId, role: 'member', displayName: input.displayName ?? null })
    .returning();
  if (!member) throw new Error('member not inserted');
  return member;
}

/**
 * Join times a second apart, in the given order, ending a minute ago: PGlite's clock counts milliseconds, so quick
 * inserts can share a joined_at, and member lists follow join order.
 */
export async function spaceJoinTimes(db: DbOrTx, memberIds: readonly string[]): Promise<void> {
  const start = Date.now() - 60_000;
  for (const [i, id] of memberIds.entries())
    await db
      .update(groupMembers)
      .set({ joinedAt: new Date(start + i * 1000) })
      .where(eq(groupMembers.id, id));
}

export async function insertExpense(
  db: DbOrTx,
  input: {
    groupId: string;
    payerMemberId: string;
    /** Several payers whose amounts add up to the total; without them `payerMemberId` paid it all. */
    payers?: Array<{ memberId: string; amountOre: number }>;
    createdByMemberId?: string;
    totalOre: number;
    shares: Array<{ memberId: string; shareOre: number }>;
    currency?: string;
    rateMicros?: number;
    /** Where the rate came from; `fallback` stands for an expense saved at 1 before a rate was required. */
    rateSource?: 'same' | 'ecb' | 'stored' | 'manual' | 'fallback';
    expenseDate?: string;
    merchant?: string | null;
    category?: string;
  },
) {
  const [expense] = await db
    .insert(expenses)
    .values({
      groupId: input.groupId,
      payerMemberId: input.payerMemberId,
      createdByMemberId: input.createdByMemberId ?? input.payerMemberId,
      totalOre: input.totalOre,
      currency: input.currency ?? 'SEK',
      rateMicros: input.rateMicros ?? 1_000_000,
      rateSource: input.rateSource ?? 'same',
      expenseDate: input.expenseDate ?? '2026-11-01',
      merchant: input.merchant ?? 'ICA',
      category: input.category ?? 'mat',
    })
    .returning();
  if (!expense) throw new Error('expense not inserted');
  const rows = withGroupAmounts({
    ...expense,
    payers: input.payers ?? [{ memberId: input.payerMemberId, amountOre: input.totalOre }],
    shares: input.shares,
  });
  await db.insert(expensePayers).values(rows.payers.map((p) => ({ expenseId: expense.id, ...p })));
  await db
    .insert(expenseShares)
    .values(rows.shares.map((s) => ({ expenseId: expense.id, shareType: 'equal' as const, ...s })));
  return expense;
}
