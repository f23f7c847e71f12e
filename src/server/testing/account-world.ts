import { eq, sql } from 'drizzle-orm';
import {
  auditLog,
  collaborationRequests,
  groupMembers,
  invites,
  newsletterSubscriptions,
  expenses,
  settlements,
} from '../db/schema/index.ts';
import { insertGroup, insertMember, insertExpense } from './factories.ts';
import type { TestServer } from './harness.ts';

/**
 * Test setup only: a person with data in every table that can hold user data, plus two friends, so export and
 * deletion tests can check every table and every file.
 *   Group A (Alice owns): Alice and Bob, an expense with image Alice paid, a settlement, an invite, an audit entry.
 *   Group B (Bob owns): Bob, Alice, Cecilia; an expense Alice paid and uploaded (image, note), one Bob paid, a
 *   settlement from Alice to Bob, an audit entry by Alice.
 *   Group C (Cecilia owns): Alice is a member without any expense.
 */
export async function buildWorld(server: TestServer, tag: string) {
  const db = server.database.db;
  const alice = await server.signUp({ name: `Alice ${tag}`, email: `alice-${tag}@example.se` });
  const bob = await server.signUp({ name: `Bob ${tag}` });
  const cecilia = await server.signUp({ name: `Cecilia ${tag}` });
  await alice.client.put('/api/account/profile', {
    name: alice.user.name,
    phone: '070-555 12 34',
    address: `Aliceväg ${tag}`,
    postalCode: '11122',
    city: 'Umeå',
    country: 'Sverige',
  });

  const a = await insertGroup(db, { ownerId: alice.user.id, name: `Alices grupp ${tag}` });
  const aBob = await insertMember(db, { groupId: a.group.id, userId: bob.user.id });
  const aExpense = await insertExpense(db, {
    groupId: a.group.id,
    payerMemberId: a.owner.id,
    totalOre: 10_000,
    shares: [
      { memberId: a.owner.id, shareOre: 5_000 },
      { memberId: aBob.id, shareOre: 5_000 },
    ],
  });
  await putImage(
    server,
    aExpense.id,
    `receipts/${a.group.id}/${tag}-a.jpg`,
    `receipts/${a.group.id}/${tag}-a-thumb.webp`,
  );
  await db
    .insert(settlements)
    .values({ groupId: a.group.id, fromMemberId: aBob.id, toMemberId: a.owner.id, amountOre: 5_000, currency: 'SEK' });
  await db
    .insert(invites)
    .values({
      groupId: a.group.id,
      token: `token-${tag}`,
      createdByUserId: alice.user.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
  await db
    .insert(auditLog)
    .values({
      groupId: a.group.id,
      actorId: alice.user.id,
      entityType: 'expense',
      entityId: aExpense.id,
      action: 'created',
      diffJson: { amount: 100 },
    });

  const b = await insertGroup(db, { ownerId: bob.user.id, name: `Bobs grupp ${tag}` });
  const bAlice = await insertMember(db, { groupId: b.group.id, userId: alice.user.id });
  const bCecilia = await insertMember(db, { groupId: b.group.id, userId: cecilia.user.id });
  const alicePaid = await insertExpense(db, {
    groupId: b.group.id,
    payerMemberId: bAlice.id,
    totalOre: 30_000,
    currency: 'EUR',
    rateMicros: 11_482_300,
    shares: [
      { memberId: bAlice.id, shareOre: 10_000 },
      { memberId: b.owner.id, shareOre: 10_000 },
      { memberId: bCecilia.id, shareOre: 10_000 },
    ],
  });
  await db
    .update(expenses)
    .set({ note: `Alices anteckning ${tag}` })
    .where(eq(expenses.id, alicePaid.id));
  await putImage(server, alicePaid.id, `receipts/${b.group.id}/${tag}-alice.jpg`, null);
  const bobPaid = await insertExpense(db, {
    groupId: b.group.id,
    payerMemberId: b.owner.id,
    totalOre: 8_000,
    shares: [
      { memberId: b.owner.id, shareOre: 4_000 },
      { memberId: bAlice.id, shareOre: 4_000 },
    ],
  });
  await putImage(server, bobPaid.id, `receipts/${b.group.id}/${tag}-bob.jpg`, null);
  await db
    .insert(settlements)
    .values({
      groupId: b.group.id,
      fromMemberId: bAlice.id,
      toMemberId: b.owner.id,
      amountOre: 4_000,
      currency: 'SEK',
    });
  await db
    .insert(auditLog)
    .values({
      groupId: b.group.id,
      actorId: alice.user.id,
      entityType: 'expense',
      entityId: alicePaid.id,
      action: 'created',
      diffJson: { amount: 300 },
    });

  const c = await insertGroup(db, { ownerId: cecilia.user.id, name: `Cecilias grupp ${tag}` });
  const cAlice = await insertMember(db, { groupId: c.group.id, userId: alice.user.id });

  await db.insert(newsletterSubscriptions).values({ email: alice.user.email });
  await db.insert(collaborationRequests).values({ email: alice.user.email });
  // A failed sign-in leaves a rate-limit counter keyed by the e-mail.
  await server.client().post('/api/auth/sign-in/email', { email: alice.user.email, password: 'fel-lösenord' });

  return {
    alice,
    bob,
    cecilia,
    groups: { a, b, c },
    members: { aBob, bAlice, bCecilia, cAlice },
    expenses: { aExpense, alicePaid, bobPaid },
  };
}

async function putImage(server: TestServer, expenseId: string, imageKey: string, thumbKey: string | null) {
  await server.storage.put(imageKey, Buffer.from('jpeg'), 'image/jpeg');
  if (thumbKey) await server.storage.put(thumbKey, Buffer.from('webp'), 'image/webp');
  await server.database.db.update(expenses).set({ imageKey, thumbKey }).where(eq(expenses.id, expenseId));
}

/** Per member of a group: what they paid − shares + transfers made − transfers received, in öre of the expenses (rate 1 here). */
export async function memberSums(server: TestServer, groupId: string) {
  const result = await server.database.db.execute<{ id: string; net: string }>(sql`
    select m.id,
      coalesce((select sum(p.amount_ore) from expense_payers p where p.member_id = m.id), 0)
      - coalesce((select sum(s.share_ore) from expense_shares s where s.member_id = m.id), 0)
      + coalesce((select sum(t.amount_ore) from settlements t where t.from_member_id = m.id), 0)
      - coalesce((select sum(t.amount_ore) from settlements t where t.to_member_id = m.id), 0) as net
    from ${groupMembers} m where m.group_id = ${groupId} order by m.id`);
  return (result as { rows: Array<{ id: string; net: string }> }).rows.map((row) => ({
    id: row.id,
    net: Number(row.net),
  }));
}
