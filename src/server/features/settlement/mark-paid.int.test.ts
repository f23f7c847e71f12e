import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BalancesResponse,
  MarkPaidResponse,
  ProposedTransfer,
  SettlementResponse,
} from '#shared/api/settlement.ts';
import { groupMembers, groups, settlements } from '../../db/schema/index.ts';
import { insertExpense } from '../../testing/factories.ts';
import type { TestServer } from '../../testing/harness.ts';
import { groupOf, owe, startServer } from '../../testing/settlement-suite.ts';
import type { Person } from '../../testing/settlement-suite.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

const transferBody = (t: ProposedTransfer) => ({
  fromMemberId: t.fromMemberId,
  toMemberId: t.toMemberId,
  amountOre: t.amountOre,
});
const planOf = async (person: Person, groupId: string) =>
  (await person.client.get<SettlementResponse>(`/api/groups/${groupId}/settlement`)).body;
const rowsOf = (groupId: string) =>
  server.database.db.select().from(settlements).where(eq(settlements.groupId, groupId));

async function threePeople() {
  const { group, persons } = await groupOf(server, [{ name: 'Anna' }, { name: 'Bo' }, { name: 'Cia' }]);
  const [anna, bo, cia] = persons as [Person, Person, Person];
  await owe(server, group.id, anna, bo, 12_000);
  await owe(server, group.id, anna, cia, 8_050);
  return { group, anna, bo, cia };
}

describe('marking a transfer as paid', () => {
  it('lets only the member who owes mark the transfer, and only as proposed', async () => {
    const { group, anna, bo, cia } = await threePeople();
    const fromBo = (await planOf(bo, group.id)).transfers.find((t) => t.fromMemberId === bo.memberId);
    if (!fromBo) throw new Error('Bo owes Anna');
    expect(fromBo).toMatchObject({ toMemberId: anna.memberId, amountOre: 12_000, canMarkPaid: true });
    const url = `/api/groups/${group.id}/settlements`;
    for (const other of [anna, cia]) {
      const refused = await other.client.post(url, transferBody(fromBo));
      expect([refused.status, refused.body.error.code]).toEqual([403, 'NOT_TRANSFER_PAYER']);
    }
    const wrongAmount = await bo.client.post(url, { ...transferBody(fromBo), amountOre: 11_999 });
    expect([wrongAmount.status, wrongAmount.body.error.code]).toEqual([409, 'TRANSFER_NOT_PROPOSED']);
    const negative = await bo.client.post(url, { ...transferBody(fromBo), amountOre: -5 });
    expect(negative.status).toBe(400);
    expect(await rowsOf(group.id)).toHaveLength(0);

    const paid = await bo.client.post<MarkPaidResponse>(url, transferBody(fromBo));
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      created: true,
      isSettled: false,
      payment: { fromName: 'Bo', toName: 'Anna', amountOre: 12_000, currency: 'SEK' },
    });
    const [row] = await rowsOf(group.id);
    expect(row).toMatchObject({
      fromMemberId: bo.memberId,
      toMemberId: anna.memberId,
      amountOre: 12_000,
      status: 'paid',
    });
    expect(row?.paidAt).toBeInstanceOf(Date);
    const after = await planOf(anna, group.id);
    expect(after.balances.map((b) => b.balanceOre)).toEqual([8_050, 0, -8_050]);
    expect(after.transfers.map(transferBody)).toEqual([
      { fromMemberId: cia.memberId, toMemberId: anna.memberId, amountOre: 8_050 },
    ]);
    expect(after.payments).toMatchObject([{ fromMemberId: bo.memberId, toMemberId: anna.memberId, amountOre: 12_000 }]);
  });

  it('records a transfer once when the payer marks it from two tabs at the same moment', async () => {
    const { group, bo } = await threePeople();
    const fromBo = (await planOf(bo, group.id)).transfers.find((t) => t.fromMemberId === bo.memberId);
    if (!fromBo) throw new Error('Bo owes Anna');
    const secondTab = server.client();
    for (const [name, value] of bo.client.cookies) secondTab.cookies.set(name, value);
    const answers = await Promise.all(
      [bo.client, secondTab, bo.client, secondTab].map((client) =>
        client.post<MarkPaidResponse>(`/api/groups/${group.id}/settlements`, transferBody(fromBo)),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.created)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.payment.id)).size).toBe(1);
    expect(await rowsOf(group.id)).toHaveLength(1);
  });

  it('lets the recipient confirm a transfer from a member who has left the group', async () => {
    const { group, anna, bo, cia } = await threePeople();
    await server.database.db
      .update(groupMembers)
      .set({ removedAt: new Date(), displayName: 'Bo' })
      .where(eq(groupMembers.id, bo.memberId));
    const plan = await planOf(anna, group.id);
    const fromBo = plan.transfers.find((t) => t.fromMemberId === bo.memberId);
    expect(fromBo).toMatchObject({ fromName: 'Bo', canMarkPaid: true });
    expect((await planOf(cia, group.id)).transfers.find((t) => t.fromMemberId === bo.memberId)?.canMarkPaid).toBe(
      false,
    );
    const refused = await cia.client.post(
      `/api/groups/${group.id}/settlements`,
      transferBody(fromBo as ProposedTransfer),
    );
    expect(refused.body.error.code).toBe('NOT_TRANSFER_PAYER');
    const confirmed = await anna.client.post<MarkPaidResponse>(
      `/api/groups/${group.id}/settlements`,
      transferBody(fromBo as ProposedTransfer),
    );
    expect(confirmed.body.created).toBe(true);
  });
});

describe('settled and reopened groups', () => {
  it('settles the group when the last proposed transfer is paid, and any member can reopen it', async () => {
    const { group, anna, bo, cia } = await threePeople();
    const plan = await planOf(anna, group.id);
    const byPayer = new Map([bo, cia].map((p) => [p.memberId, p]));
    const answers = [];
    for (const transfer of plan.transfers) {
      const payer = byPayer.get(transfer.fromMemberId) as Person;
      answers.push(
        (await payer.client.post<MarkPaidResponse>(`/api/groups/${group.id}/settlements`, transferBody(transfer))).body,
      );
    }
    expect(answers.map((a) => a.isSettled)).toEqual([false, true]);
    const settled = (await cia.client.get<BalancesResponse>(`/api/groups/${group.id}/balances`)).body;
    expect(settled.isSettled).toBe(true);
    expect(settled.settledAt).not.toBeNull();
    expect(settled.balances.every((b) => b.balanceOre === 0)).toBe(true);
    expect((await planOf(anna, group.id)).transfers).toEqual([]);

    const reopened = await bo.client.post(`/api/groups/${group.id}/reopen`);
    expect(reopened.body).toEqual({ isSettled: false, settledAt: null });
    const [row] = await server.database.db.select().from(groups).where(eq(groups.id, group.id));
    expect(row).toMatchObject({ isSettled: false, settledAt: null });
    expect((await bo.client.post(`/api/groups/${group.id}/reopen`)).body).toEqual({
      isSettled: false,
      settledAt: null,
    });
  });

  it('settles on request only a group whose expenses already leave every balance at zero', async () => {
    const { group, persons } = await groupOf(server, [{ name: 'Anna' }, { name: 'Bo' }]);
    const [anna, bo] = persons as [Person, Person];
    const url = `/api/groups/${group.id}/settle`;
    const empty = await anna.client.post(url);
    expect([empty.status, empty.body.error.code]).toEqual([409, 'NOTHING_TO_SETTLE']);
    await insertExpense(server.database.db, {
      groupId: group.id,
      payerMemberId: anna.memberId,
      totalOre: 5_000,
      shares: [{ memberId: anna.memberId, shareOre: 5_000 }],
    });
    const expense = await owe(server, group.id, bo, anna, 2_000);
    const owing = await bo.client.post(url);
    expect([owing.status, owing.body.error.code]).toEqual([409, 'BALANCES_NOT_ZERO']);
    await owe(server, group.id, anna, bo, expense.totalOre);
    const settled = await bo.client.post(url);
    expect(settled.status).toBe(200);
    expect(settled.body.isSettled).toBe(true);
    expect((await anna.client.post(url)).body).toEqual(settled.body);
  });

  it('refuses adding, changing and deleting expenses through the expenses API while settled, and allows it after reopening', async () => {
    const { group, persons } = await groupOf(server, [{ name: 'Anna' }, { name: 'Bo' }]);
    const [anna, bo] = persons as [Person, Person];
    const expense = (id: string) => ({
      id,
      totalOre: 10_000,
      currency: 'SEK',
      expenseDate: '2026-11-20',
      merchant: 'ICA',
      category: 'mat',
      note: null,
      payerMemberId: anna.memberId,
      split: { method: 'equal', participants: [{ memberId: anna.memberId }, { memberId: bo.memberId }] },
      manualRateMicros: null,
      imageId: null,
    });
    const id = randomUUID();
    expect((await anna.client.post(`/api/groups/${group.id}/expenses`, expense(id))).status).toBe(201);
    const [transfer] = (await planOf(bo, group.id)).transfers;
    const paid = await bo.client.post<MarkPaidResponse>(
      `/api/groups/${group.id}/settlements`,
      transferBody(transfer as ProposedTransfer),
    );
    expect(paid.body.isSettled).toBe(true);

    const { id: _id, imageId: _image, ...changes } = expense(id);
    const refused = [
      await anna.client.patch(`/api/expenses/${id}`, { ...changes, totalOre: 12_000 }),
      await anna.client.delete(`/api/expenses/${id}`),
      await anna.client.post(`/api/groups/${group.id}/expenses`, expense(randomUUID())),
    ];
    expect(refused.map((r) => [r.status, r.body.error?.code])).toEqual(
      Array.from({ length: 3 }, () => [409, 'GROUP_SETTLED']),
    );

    await bo.client.post(`/api/groups/${group.id}/reopen`);
    expect((await anna.client.patch(`/api/expenses/${id}`, { ...changes, totalOre: 12_000 })).status).toBe(200);
    const balances = (await anna.client.get<BalancesResponse>(`/api/groups/${group.id}/balances`)).body;
    expect(balances.balances.map((b) => b.balanceOre)).toEqual([1_000, -1_000]);
  });
});
