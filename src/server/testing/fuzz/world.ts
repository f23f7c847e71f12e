import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { settlements } from '../../db/schema/index.ts';
import { insertGroup, insertMember, insertExpense } from '../factories.ts';
import type { TestClient, TestServer } from '../harness.ts';
import type { WorldValues } from './request.ts';

// Test support: a real group for the fuzz suite to aim at, so a case about one field meets real ids everywhere else.

export type Account = { client: TestClient; user: { id: string } };

/** A small photo-like JPEG every image route accepts. */
export const samplePhoto = (): Promise<Buffer> =>
  sharp({ create: { width: 320, height: 480, channels: 3, background: '#f4efe6' } })
    .jpeg()
    .toBuffer();

const cookieOf = (client: TestClient) => [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

async function ok<T>(response: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await response;
  if (status >= 300) throw new Error(`fuzz world: ${what} answered ${status} ${JSON.stringify(body)}`);
  return body;
}

async function uploadImage(server: TestServer, owner: Account, groupId: string, photo: Buffer): Promise<string> {
  const response = await server.fetch(
    new Request(`http://kvitt.test/api/groups/${groupId}/receipt-images`, {
      method: 'POST',
      headers: { cookie: cookieOf(owner.client), origin: 'http://kvitt.test', 'content-type': 'image/jpeg' },
      body: new Uint8Array(photo),
    }),
  );
  if (response.status !== 201) throw new Error(`fuzz world: upload answered ${response.status}`);
  return ((await response.json()) as { imageId: string }).imageId;
}

/**
 * A group owned by `owner` with a second member, an expense with an image paid by the owner, an older one paid by the
 * member (so the owner owes the member 100 kr), a pending image, and a working invite link.
 */
export async function buildWorld(
  server: TestServer,
  owner: Account,
  member: Account,
  photo: Buffer,
): Promise<WorldValues> {
  const db = server.database.db;
  const { group, owner: ownerMember } = await insertGroup(db, { ownerId: owner.user.id, name: 'Fuzzgrupp' });
  const other = await insertMember(db, { groupId: group.id, userId: member.user.id });
  await insertExpense(db, {
    groupId: group.id,
    payerMemberId: other.id,
    totalOre: 30_000,
    expenseDate: '2026-10-01',
    shares: [
      { memberId: ownerMember.id, shareOre: 15_000 },
      { memberId: other.id, shareOre: 15_000 },
    ],
  });
  const expenseId = randomUUID();
  await ok(
    owner.client.post(`/api/groups/${group.id}/expenses`, {
      id: expenseId,
      totalOre: 10_000,
      currency: 'SEK',
      expenseDate: '2026-11-01',
      merchant: 'ICA',
      category: 'mat',
      note: null,
      payerMemberId: ownerMember.id,
      split: { method: 'equal', participants: [{ memberId: ownerMember.id }, { memberId: other.id }] },
      manualRateMicros: null,
      imageId: await uploadImage(server, owner, group.id, photo),
    }),
    'creating the expense',
  );
  const recurring = await ok(
    owner.client.post(`/api/groups/${group.id}/recurring-expenses`, {
      id: randomUUID(),
      totalOre: 20_000,
      currency: 'SEK',
      expenseDate: '2026-11-01',
      merchant: 'Hyra',
      category: 'logi',
      note: null,
      payerMemberId: ownerMember.id,
      split: { method: 'equal', participants: [{ memberId: ownerMember.id }, { memberId: other.id }] },
      manualRateMicros: null,
      imageId: null,
      repeat: { frequency: 'monthly', endDate: null },
    }),
    'starting a recurring expense',
  );
  const { series } = recurring as { series: { id: string } };
  const invite = await ok(owner.client.post(`/api/groups/${group.id}/invites`), 'creating the invite');
  const { link } = invite as { link: { token: string } };
  const [payment] = await db
    .insert(settlements)
    .values({
      groupId: group.id,
      fromMemberId: ownerMember.id,
      toMemberId: other.id,
      amountOre: 1_000,
      currency: 'SEK',
      kind: 'recorded',
      method: 'cash',
      recordedByMemberId: ownerMember.id,
    })
    .returning({ id: settlements.id });
  return {
    path: { groupId: group.id, memberId: other.id, expenseId, token: link.token, paymentId: payment?.id ?? '', seriesId: series.id },
    hints: {
      id: () => randomUUID(),
      groupId: group.id,
      imageId: null,
      pendingImageId: await uploadImage(server, owner, group.id, photo),
      payerMemberId: ownerMember.id,
      memberId: ownerMember.id,
      fromMemberId: ownerMember.id,
      toMemberId: other.id,
      amountOre: 10_000,
      manualRateMicros: null,
      expenseDate: '2026-11-02',
      date: '2026-11-02',
      paidOn: '2026-11-02',
      email: 'fuzz@example.se',
      code: group.inviteCode,
      category: 'mat',
      limit: '10',
      hasImage: 'true',
      from: 'EUR',
      to: 'SEK',
    },
    image: new Uint8Array(photo),
    cookie: cookieOf(owner.client),
  };
}
