import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../db/client.ts';
import { groupMembers, groups, receiptShares, receipts } from '../db/schema/index.ts';

// Direct inserts for test setup only: each test of a feature still goes through that feature's HTTP routes.

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const randomCode = () => Array.from(randomBytes(8), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');

export async function insertGroup(db: DbOrTx, input: { ownerId: string; name?: string; currency?: 'SEK' | 'EUR' | 'USD'; isSettled?: boolean }) {
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
  const [owner] = await db.insert(groupMembers).values({ groupId: group.id, userId: input.ownerId, role: 'owner' }).returning();
  if (!owner) throw new Error('owner not inserted');
  return { group, owner };
}

export async function insertMember(db: DbOrTx, input: { groupId: string; userId: string | null; displayName?: string }) {
  const [member] = await db
    .insert(groupMembers)
    .values({ groupId: input.groupId, userId: input.userId, role: 'member', displayName: input.displayName ?? null })
    .returning();
  if (!member) throw new Error('member not inserted');
  return member;
}

export async function insertReceipt(
  db: DbOrTx,
  input: {
    groupId: string;
    payerMemberId: string;
    createdByMemberId?: string;
    totalOre: number;
    shares: Array<{ memberId: string; shareOre: number }>;
    currency?: string;
    rateMicros?: number;
    /** Where the rate came from; `fallback` stands for a receipt saved at 1 before a rate was required. */
    rateSource?: 'same' | 'ecb' | 'stored' | 'manual' | 'fallback';
    receiptDate?: string;
    merchant?: string | null;
    category?: string;
  },
) {
  const [receipt] = await db
    .insert(receipts)
    .values({
      groupId: input.groupId,
      payerMemberId: input.payerMemberId,
      createdByMemberId: input.createdByMemberId ?? input.payerMemberId,
      totalOre: input.totalOre,
      currency: input.currency ?? 'SEK',
      rateMicros: input.rateMicros ?? 1_000_000,
      rateSource: input.rateSource ?? 'same',
      receiptDate: input.receiptDate ?? '2026-11-01',
      merchant: input.merchant ?? 'ICA',
      category: input.category ?? 'mat',
    })
    .returning();
  if (!receipt) throw new Error('receipt not inserted');
  await db.insert(receiptShares).values(
    input.shares.map((s) => ({ receiptId: receipt.id, memberId: s.memberId, shareType: 'equal' as const, shareOre: s.shareOre })),
  );
  return receipt;
}
