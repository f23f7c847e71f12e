import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BalancesResponse,
  MarkPaidResponse,
  RecordPaymentBody,
  RecordPaymentResponse,
  SettlementResponse,
} from '#shared/api/settlement.ts';
import { MAX_TOTAL_ORE } from '#shared/domain/limits.ts';
import { settle } from '#shared/domain/settlement.ts';
import { todayIso } from '#shared/format.ts';
import * as sv from '#shared/i18n/sv.ts';
import { auditLog, settlements } from '../../db/schema/index.ts';
import type { TestServer } from '../../testing/harness.ts';
import { groupOf, owe, startServer } from '../../testing/settlement-suite.ts';
import type { Person } from '../../testing/settlement-suite.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

const planOf = async (person: Person, groupId: string) =>
  (await person.client.get<SettlementResponse>(`/api/groups/${groupId}/settlement`)).body;
const balanceOf = async (person: Person, groupId: string) =>
  (await person.client.get<BalancesResponse>(`/api/groups/${groupId}/balances`)).body.balances.map((b) => b.balanceOre);
const rowsOf = (groupId: string) =>
  server.database.db.select().from(settlements).where(eq(settlements.groupId, groupId));
const paymentBody = (from: Person, to: Person, overrides: Partial<RecordPaymentBody> = {}): RecordPaymentBody => ({
  fromMemberId: from.memberId,
  toMemberId: to.memberId,
  amountOre: 15_050,
  paidOn: todayIso(),
  method: 'cash',
  note: 'Lunch på stan',
  ...overrides,
});
/** The answer is typed loosely: a refusal carries `error`, a success RecordPaymentResponse. */
const record = (by: Person, groupId: string, body: RecordPaymentBody | Record<string, unknown>) =>
  by.client.post<RecordPaymentResponse & { error: { code: string; fields?: Record<string, string> } }>(
    `/api/groups/${groupId}/payments`,
    body,
  );

/** Anna (the owner), Bo, Cia and Dan, with nothing owed yet. */
async function fourMembers() {
  const { group, persons } = await groupOf(
    server,
    ['Anna', 'Bo', 'Cia', 'Dan'].map((name) => ({ name })),
  );
  const [anna, bo, cia, dan] = persons as [Person, Person, Person, Person];
  return { group, anna, bo, cia, dan };
}

/** Anna paid 300 kr for Bo and 200 kr for Cia; Dan owes nothing. */
async function fourPeople() {
  const people = await fourMembers();
  await owe(server, people.group.id, people.anna, people.bo, 30_000);
  await owe(server, people.group.id, people.anna, people.cia, 20_000);
  return people;
}

describe('recording a payment between two members', () => {
  it('records a partial cash payment with its date and note, and recomputes the balances and the proposal at once', async () => {
    const { group, anna, bo, cia, dan } = await fourPeople();
    const answer = await record(bo, group.id, paymentBody(bo, anna, { paidOn: '2026-11-02' }));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      isSettled: false,
      payment: {
        kind: 'recorded',
        fromName: 'Bo',
        toName: 'Anna',
        amountOre: 15_050,
        currency: 'SEK',
        method: 'cash',
        paidOn: '2026-11-02',
        note: 'Lunch på stan',
        recordedByName: 'Bo',
        canDelete: true,
      },
    });
    expect(await balanceOf(cia, group.id)).toEqual([50_000 - 15_050, -30_000 + 15_050, -20_000, 0]);
    const plan = await planOf(dan, group.id);
    const expected = settle(plan.balances.map((b) => ({ memberId: b.memberId, balance: b.balanceOre })));
    expect(plan.transfers.map((t) => ({ from: t.fromMemberId, to: t.toMemberId, amount: t.amountOre }))).toEqual(
      expected,
    );
    expect(plan.transfers.find((t) => t.fromMemberId === bo.memberId)?.amountOre).toBe(14_950);
    expect(plan.payments).toMatchObject([{ id: answer.body.payment.id, canDelete: false }]);
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'payment'), eq(auditLog.entityId, answer.body.payment.id)));
    expect(audit).toMatchObject({ actorId: bo.userId, action: 'created', groupId: group.id });
    expect(audit?.diffJson).toMatchObject({
      amountOre: { from: null, to: 15_050 },
      method: { from: null, to: 'cash' },
    });
  });

  it('lets the payer, the recipient or the owner record it, and no one else', async () => {
    const { group, anna, bo, cia, dan } = await fourPeople();
    const refused = await record(dan, group.id, paymentBody(bo, cia, { amountOre: 1_000 }));
    expect([refused.status, refused.body.error.code]).toEqual([403, 'NOT_PAYMENT_PARTY']);
    expect(await rowsOf(group.id)).toHaveLength(0);
    const byRecipient = await record(cia, group.id, paymentBody(bo, cia, { amountOre: 1_000, method: 'swish' }));
    const byOwner = await record(anna, group.id, paymentBody(cia, bo, { amountOre: 400, note: null }));
    expect([byRecipient.status, byOwner.status]).toEqual([201, 201]);
    expect(byOwner.body.payment).toMatchObject({ recordedByName: 'Anna', note: null, method: 'cash' });
    // Bo paid Cia 10 kr and Cia paid Bo 4 kr back: Bo's debt to the group shrinks by 6 kr, Cia's grows by as much.
    expect(await balanceOf(dan, group.id)).toEqual([50_000, -30_000 + 600, -20_000 - 600, 0]);
  });

  it('refuses a payment to oneself, an amount that is not above 0 or is above the limit, a future day and a stranger', async () => {
    const { group, anna, bo } = await fourPeople();
    const other = await groupOf(server, [{ name: 'Eva' }]);
    const stranger = other.persons[0] as Person;
    const tomorrow = new Date(Date.now() + 36 * 3600_000);
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [paymentBody(bo, bo), { toMemberId: 'sameMember' }],
      [paymentBody(bo, anna, { amountOre: 0 }), { amountOre: 'amountInvalid' }],
      [paymentBody(bo, anna, { amountOre: -500 }), { amountOre: 'amountInvalid' }],
      [{ ...paymentBody(bo, anna), amountOre: 10.5 }, { amountOre: 'amountInvalid' }],
      [paymentBody(bo, anna, { amountOre: MAX_TOTAL_ORE + 1 }), { amountOre: 'amountTooLarge' }],
      [paymentBody(bo, anna, { paidOn: todayIso(tomorrow) }), { paidOn: 'dateInFuture' }],
      [paymentBody(bo, anna, { paidOn: '2026-02-30' }), { paidOn: 'dateInvalid' }],
      [paymentBody(bo, stranger), { toMemberId: 'memberUnknown' }],
      [paymentBody(bo, anna, { note: 'x'.repeat(201) }), { note: 'max200' }],
      [{ ...paymentBody(bo, anna), method: 'check' }, { method: 'invalid' }],
    ];
    for (const [body, fields] of cases) {
      const answer = await record(bo, group.id, body);
      expect([answer.status, answer.body.error.code, answer.body.error.fields]).toEqual([400, 'VALIDATION', fields]);
    }
    expect(await rowsOf(group.id)).toHaveLength(0);
    const outsider = await record(stranger, group.id, paymentBody(bo, anna));
    expect([outsider.status, outsider.body.error.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('takes a payment larger than what is owed, which turns the balance, and settles the group when all are even', async () => {
    const { group, persons } = await groupOf(server, [{ name: 'Anna' }, { name: 'Bo' }]);
    const [anna, bo] = persons as [Person, Person];
    await owe(server, group.id, anna, bo, 10_000);
    const tooMuch = await record(bo, group.id, paymentBody(bo, anna, { amountOre: 12_500 }));
    expect([tooMuch.status, tooMuch.body.isSettled]).toEqual([201, false]);
    expect(await balanceOf(anna, group.id)).toEqual([-2_500, 2_500]);
    expect((await planOf(bo, group.id)).transfers).toMatchObject([
      { fromMemberId: anna.memberId, toMemberId: bo.memberId, amountOre: 2_500 },
    ]);
    const back = await record(anna, group.id, paymentBody(anna, bo, { amountOre: 2_500, method: 'swish' }));
    expect(back.body.isSettled).toBe(true);
    const refused = await record(anna, group.id, paymentBody(anna, bo, { amountOre: 100 }));
    expect([refused.status, refused.body.error.code]).toEqual([409, 'GROUP_SETTLED']);
  });
});

describe('deleting a payment', () => {
  it('lets a member of the payment or the owner delete it, and the balances go back to what they were', async () => {
    const { group, anna, bo, cia, dan } = await fourPeople();
    const before = await balanceOf(anna, group.id);
    const { body } = await record(cia, group.id, paymentBody(cia, anna, { amountOre: 5_000 }));
    const url = `/api/groups/${group.id}/payments/${body.payment.id}`;
    const refused = await dan.client.delete(url);
    expect([refused.status, refused.body.error.code]).toEqual([403, 'NOT_PAYMENT_PARTY']);
    const otherGroup = await groupOf(server, [{ name: 'Eva' }]);
    const elsewhere = await (otherGroup.persons[0] as Person).client.delete(
      `/api/groups/${otherGroup.group.id}/payments/${body.payment.id}`,
    );
    expect(elsewhere.status).toBe(404);
    const deleted = await anna.client.delete(url);
    expect([deleted.status, deleted.body]).toEqual([200, { isSettled: false }]);
    expect(await balanceOf(bo, group.id)).toEqual(before);
    expect((await planOf(bo, group.id)).payments).toEqual([]);
    expect((await anna.client.delete(url)).status).toBe(404);
    const audit = await server.database.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.entityId, body.payment.id));
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'created', actorId: cia.userId },
        { action: 'deleted', actorId: anna.userId },
      ]),
    );
  });

  it('undoes a proposed transfer marked paid, which is proposed again', async () => {
    const { group, bo } = await fourPeople();
    const [fromBo] = (await planOf(bo, group.id)).transfers.filter((t) => t.fromMemberId === bo.memberId);
    if (!fromBo) throw new Error('Bo owes Anna');
    const transfer = { fromMemberId: bo.memberId, toMemberId: fromBo.toMemberId, amountOre: fromBo.amountOre };
    const marked = await bo.client.post<MarkPaidResponse>(`/api/groups/${group.id}/settlements`, transfer);
    expect(marked.body.payment).toMatchObject({
      kind: 'proposed',
      method: null,
      recordedByName: 'Bo',
      canDelete: true,
    });
    expect((await planOf(bo, group.id)).transfers.some((t) => t.fromMemberId === bo.memberId)).toBe(false);
    await bo.client.delete(`/api/groups/${group.id}/payments/${marked.body.payment.id}`);
    expect((await planOf(bo, group.id)).transfers).toContainEqual(expect.objectContaining(transfer));
  });
});

describe('leaving small transfers out of the proposal', () => {
  it('lets the owner set a threshold that leaves out smaller transfers and states their count and sum', async () => {
    const { group, anna, bo, cia, dan } = await fourMembers();
    await owe(server, group.id, anna, bo, 12_000);
    await owe(server, group.id, anna, cia, 340);
    await owe(server, group.id, anna, dan, 200);
    const url = `/api/groups/${group.id}/transfer-threshold`;
    const notOwner = await bo.client.put(url, { minTransferOre: 500 });
    expect([notOwner.status, notOwner.body.error.code]).toEqual([403, 'FORBIDDEN']);
    for (const minTransferOre of [-1, 10_001, 2.5]) {
      const invalid = await anna.client.put(url, { minTransferOre });
      expect([invalid.status, invalid.body.error.fields]).toEqual([400, { minTransferOre: 'thresholdInvalid' }]);
    }
    const full = await planOf(bo, group.id);
    expect(full).toMatchObject({ minTransferOre: 0, omittedTransfers: { count: 0, totalOre: 0 } });
    expect(full.transfers).toHaveLength(3);

    expect((await anna.client.put(url, { minTransferOre: 500 })).body).toEqual({ minTransferOre: 500 });
    const cut = await planOf(bo, group.id);
    expect(cut.minTransferOre).toBe(500);
    expect(cut.transfers.map((t) => [t.fromMemberId, t.amountOre])).toEqual([[bo.memberId, 12_000]]);
    expect(cut.omittedTransfers).toEqual({ count: 2, totalOre: 540 });
    expect(cut.balances).toEqual(full.balances);
    expect((await bo.client.get<BalancesResponse>(`/api/groups/${group.id}/balances`)).body.minTransferOre).toBe(500);

    // A recorded payment that leaves Bo with 3 kr to pay moves his transfer under the threshold as well.
    await record(bo, group.id, paymentBody(bo, anna, { amountOre: 11_700 }));
    const after = await planOf(cia, group.id);
    expect(after.transfers).toEqual([]);
    expect(after.omittedTransfers).toEqual({ count: 3, totalOre: 840 });

    await anna.client.put(url, { minTransferOre: 0 });
    expect((await planOf(cia, group.id)).transfers).toHaveLength(3);
  });
});

describe('payments in exports and after an account is deleted', () => {
  it('lists recorded payments in the group CSV and in the JSON export of each member', async () => {
    const { group, anna, bo } = await fourPeople();
    await record(bo, group.id, paymentBody(bo, anna, { paidOn: '2026-11-02', note: 'Kontant på tåget' }));
    const cookie = [...bo.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await server.fetch(
      new Request(`http://kvitt.test/api/groups/${group.id}/expenses.csv`, { headers: { cookie } }),
    );
    const csv = await response.text();
    const line = [
      '2026-11-02',
      'Kontant – Kontant på tåget',
      sv.expenses.csv.paymentCategory,
      '150,50',
      'SEK',
      'Bo',
      'Anna',
      '',
    ];
    expect(csv.split('\r\n')).toContain(line.join(';'));
    const exported = (await bo.client.get('/api/account/export')).body as {
      settlements: Array<Record<string, unknown>>;
    };
    expect(exported.settlements).toMatchObject([
      { kind: 'recorded', method: 'cash', paidOn: '2026-11-02', note: 'Kontant på tåget', amountOre: 15_050 },
    ]);
  });

  it('keeps a payment readable, with the former member named as such, after its payer deletes their account', async () => {
    const { group, anna, bo } = await fourPeople();
    const { body } = await record(bo, group.id, paymentBody(bo, anna, { amountOre: 30_000 }));
    expect((await bo.client.delete('/api/account')).status).toBe(204);
    const plan = await planOf(anna, group.id);
    expect(plan.payments).toMatchObject([
      {
        id: body.payment.id,
        fromName: sv.account.formerMember,
        toName: 'Anna',
        recordedByName: sv.account.formerMember,
        amountOre: 30_000,
        note: 'Lunch på stan',
      },
    ]);
    // Bo has paid his part and left, so he is no longer listed; Anna is still owed Cia's part, Dan is even.
    expect(plan.balances.map((b) => [b.name, b.balanceOre])).toEqual([
      ['Anna', 20_000],
      ['Cia', -20_000],
      ['Dan', 0],
    ]);
  });
});
