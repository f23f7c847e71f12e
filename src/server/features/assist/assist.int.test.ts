import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGroup, insertMember, insertReceipt } from '../../testing/factories.ts';
import { createTestServer } from '../../testing/harness.ts';
import type { TestServer } from '../../testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server?.close());

async function groupOfThree() {
  const anna = await server.signUp({ name: 'Anna' });
  const bo = await server.signUp({ name: 'Bo' });
  const cilla = await server.signUp({ name: 'Cilla' });
  const db = server.database.db;
  const { group, owner } = await insertGroup(db, { ownerId: anna.user.id });
  const b = await insertMember(db, { groupId: group.id, userId: bo.user.id });
  const c = await insertMember(db, { groupId: group.id, userId: cilla.user.id });
  return { anna, bo, cilla, group, members: { a: owner.id, b: b.id, c: c.id } };
}

describe('participant suggestion', () => {
  it('suggests the two who always share the wine and all three for groceries, learned from the group', async () => {
    const { anna, group, members } = await groupOfThree();
    const db = server.database.db;
    for (let day = 1; day <= 6; day += 1) {
      const date = `2026-10-${String(day * 2).padStart(2, '0')}`;
      await insertReceipt(db, { groupId: group.id, payerMemberId: members.a, totalOre: 30_000, merchant: 'Systembolaget', category: 'nöje', receiptDate: date,
        shares: [{ memberId: members.a, shareOre: 15_000 }, { memberId: members.b, shareOre: 15_000 }] });
      await insertReceipt(db, { groupId: group.id, payerMemberId: members.c, totalOre: 90_000, merchant: 'ICA Maxi', category: 'mat', receiptDate: date,
        shares: [{ memberId: members.a, shareOre: 30_000 }, { memberId: members.b, shareOre: 30_000 }, { memberId: members.c, shareOre: 30_000 }] });
    }
    const wine = await anna.client.post(`/api/groups/${group.id}/suggest-participants`, { merchant: 'systembolaget', category: 'nöje', amountOre: 28_000 });
    expect(wine.status).toBe(200);
    expect(wine.body.memberIds).toEqual([members.a, members.b]);
    const food = await anna.client.post(`/api/groups/${group.id}/suggest-participants`, { merchant: 'ICA Maxi', category: 'mat', amountOre: 85_000 });
    expect(food.body.memberIds).toEqual([members.a, members.b, members.c]);
  });

  it('suggests everyone in a group without history', async () => {
    const { bo, group, members } = await groupOfThree();
    const res = await bo.client.post(`/api/groups/${group.id}/suggest-participants`, { merchant: 'Pizzeria', category: 'mat', amountOre: 40_000 });
    expect(res.body.memberIds).toEqual([members.a, members.b, members.c]);
  });

  it('answers NOT_FOUND to someone outside the group and VALIDATION without a merchant', async () => {
    const { anna, group } = await groupOfThree();
    const stranger = await server.signUp();
    const outside = await stranger.client.post(`/api/groups/${group.id}/suggest-participants`, { merchant: 'ICA', category: 'mat', amountOre: 100 });
    expect([outside.status, outside.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const blank = await anna.client.post(`/api/groups/${group.id}/suggest-participants`, { merchant: '  ', category: 'mat', amountOre: 100 });
    expect(blank.body.error).toMatchObject({ code: 'VALIDATION', fields: { merchant: 'required' } });
  });
});

describe('receipt reading route', () => {
  it('answers OCR_UNAVAILABLE when the server runs without a reader, and UNAUTHENTICATED when signed out', async () => {
    const { anna } = await groupOfThree();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' }), 'kvitto.jpg');
    const res = await anna.client.request('POST', '/api/receipts/ocr', form);
    expect([res.status, res.body.error.code]).toEqual([503, 'OCR_UNAVAILABLE']);
    const anonymous = await server.client().request('POST', '/api/receipts/ocr', form);
    expect([anonymous.status, anonymous.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
  });
});
