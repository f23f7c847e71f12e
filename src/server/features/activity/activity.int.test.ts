import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage, EventData } from '#shared/api/activity.ts';
import type { SettlementResponse } from '#shared/api/settlement.ts';
import type { TestClient, TestServer } from '../../testing/harness.ts';
import { expenseBody, startServer, type Person } from '../../testing/expense-suite.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

/** A person who signs up and either creates the group or joins it by its code, all through the API. */
async function person(name: string, group?: { id: string; code: string }) {
  const { client, user } = await server.signUp({ name });
  if (!group) {
    const created = await client.post('/api/groups', { name: 'Stugan' });
    const id = (created.body.group as { id: string }).id;
    const code = ((await client.get(`/api/groups/${id}/invite`)).body as { code: string }).code;
    group = { id, code };
  } else {
    expect((await client.post('/api/groups/join', { code: group.code })).status).toBe(200);
  }
  const detail = await client.get(`/api/groups/${group.id}`);
  const memberId = (detail.body.group as { myMemberId: string }).myMemberId;
  return { person: { client, userId: user.id, memberId, name } satisfies Person, group };
}

async function allEvents(client: TestClient, groupId: string) {
  const pages: ActivityPage[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const res = await client.get<ActivityPage>(`/api/groups/${groupId}/events${query}`);
    expect(res.status).toBe(200);
    pages.push(res.body);
    cursor = res.body.nextCursor;
  } while (cursor);
  return pages.flatMap((page) => page.events);
}

/** Each event as "actor: kind …", oldest first, to read a history at a glance. */
function story(events: Array<{ actor: { name: string | null } | null; event: EventData }>): string[] {
  return [...events].reverse().map(({ actor, event }) => {
    const who = actor ? (actor.name ?? 'Tidigare medlem') : 'Kvitt';
    switch (event.kind) {
      case 'expense_added':
        return `${who}: added ${event.after.merchant} ${event.after.totalOre}`;
      case 'expense_changed':
        return `${who}: changed ${event.before.merchant} ${event.before.totalOre} → ${event.after.merchant} ${event.after.totalOre}`;
      case 'expense_deleted':
        return `${who}: deleted ${event.before.merchant} ${event.before.totalOre}`;
      case 'payment_recorded':
        return `${who}: ${event.from.name ?? 'Tidigare medlem'} paid ${event.to.name} ${event.amountOre}`;
      case 'member_removed':
        return `${who}: removed ${event.member.name}`;
      case 'group_renamed':
        return `${who}: renamed ${event.from} → ${event.to}`;
      case 'person_added':
      case 'person_removed':
      case 'person_claimed':
        return `${who}: ${event.kind} ${event.name}`;
      case 'person_renamed':
        return `${who}: person_renamed ${event.from} → ${event.to}`;
      default:
        return `${who}: ${event.kind}`;
    }
  });
}

describe('the Händelser of a group', () => {
  it('tells every kind of change, newest first, with amounts before and after, and keeps it after an account is gone', async () => {
    const { person: anna, group } = await person('Anna');
    const { person: bo } = await person('Bo', group);
    const { person: cia } = await person('Cia', group);

    const lunch = expenseBody(anna, [anna, bo], { merchant: 'Max', totalOre: 20_000 });
    expect((await anna.client.post(`/api/groups/${group.id}/expenses`, lunch)).status).toBe(201);
    const { id: _id, ...edit } = { ...lunch, totalOre: 24_050, merchant: 'Max Burgers' };
    expect((await anna.client.patch(`/api/expenses/${lunch.id}`, edit)).status).toBe(200);
    const fika = expenseBody(bo, [anna, bo], { merchant: 'Espresso House', totalOre: 9_000 });
    await bo.client.post(`/api/groups/${group.id}/expenses`, fika);
    expect((await bo.client.delete(`/api/expenses/${fika.id}`)).status).toBe(204);
    expect((await bo.client.patch(`/api/groups/${group.id}`, { name: 'Stugan i Sälen' })).status).toBe(200);
    expect((await bo.client.patch(`/api/groups/${group.id}`, { description: 'Bara beskrivningen' })).status).toBe(200);
    expect((await anna.client.delete(`/api/groups/${group.id}/members/${cia.memberId}`)).status).toBe(204);

    const settlement = (await bo.client.get<SettlementResponse>(`/api/groups/${group.id}/settlement`)).body;
    const [transfer] = settlement.transfers;
    const paid = await bo.client.post(`/api/groups/${group.id}/settlements`, {
      fromMemberId: transfer?.fromMemberId,
      toMemberId: transfer?.toMemberId,
      amountOre: transfer?.amountOre,
    });
    expect(paid.status).toBe(200);
    expect((await anna.client.post(`/api/groups/${group.id}/reopen`)).status).toBe(200);

    const expected = [
      'Anna: member_joined',
      'Bo: member_joined',
      'Cia: member_joined',
      'Anna: added Max 20000',
      'Anna: changed Max 20000 → Max Burgers 24050',
      'Bo: added Espresso House 9000',
      'Bo: deleted Espresso House 9000',
      'Bo: renamed Stugan → Stugan i Sälen',
      'Anna: removed Cia',
      'Bo: Bo paid Anna 12025',
      'Kvitt: group_settled',
      'Anna: group_reopened',
    ];
    // The group's creation is not an event: the group starts with its owner.
    expect(story(await allEvents(anna.client, group.id))).toEqual(expected.slice(1));

    // Bo's export holds what he did, and only that.
    const exported = await bo.client.get<{ groupEvents: Array<{ kind: string }> }>('/api/account/export');
    expect(exported.body.groupEvents.map((e) => e.kind).sort()).toEqual([
      'expense_added',
      'expense_deleted',
      'group_renamed',
      'member_joined',
      'payment_recorded',
    ]);

    // Bo deletes his account: his events stay, told as a former member's.
    expect((await bo.client.delete('/api/account')).status).toBe(204);
    const after = story(await allEvents(anna.client, group.id));
    expect(after).toContain('Tidigare medlem: renamed Stugan → Stugan i Sälen');
    expect(after).toContain('Tidigare medlem: Tidigare medlem paid Anna 12025');
  });

  it('tells of people without an account: added, renamed, removed, and one claimed by a new member', async () => {
    const { person: anna, group } = await person('Anna');
    const added = async (name: string) => {
      const res = await anna.client.post(`/api/groups/${group.id}/people`, { name });
      expect(res.status).toBe(201);
      return (res.body.member as { id: string }).id;
    };
    const kalle = await added('Kalle');
    const lisa = await added('Lisa');
    expect((await anna.client.patch(`/api/groups/${group.id}/people/${lisa}`, { name: 'Lisen' })).status).toBe(200);
    expect((await anna.client.delete(`/api/groups/${group.id}/people/${lisa}`)).status).toBe(204);
    const bo = await server.signUp({ name: 'Bo' });
    expect((await bo.client.post('/api/groups/join', { code: group.code, as: kalle })).status).toBe(200);

    expect(story(await allEvents(anna.client, group.id))).toEqual([
      'Anna: person_added Kalle',
      'Anna: person_added Lisa',
      'Anna: person_renamed Lisa → Lisen',
      'Anna: person_removed Lisen',
      'Bo: person_claimed Kalle',
    ]);
  });

  it('pages newest first without gaps or repeats, and is for members only', async () => {
    const { person: anna, group } = await person('Anna');
    const total = 65;
    for (let i = 0; i < total; i++) {
      const body = expenseBody(anna, [anna], { merchant: `Butik ${i}`, totalOre: 100 + i });
      expect((await anna.client.post(`/api/groups/${group.id}/expenses`, body)).status).toBe(201);
    }
    const first = await anna.client.get<ActivityPage>(`/api/groups/${group.id}/events`);
    expect(first.body.events).toHaveLength(30);
    const events = await allEvents(anna.client, group.id);
    expect(events).toHaveLength(total);
    expect(new Set(events.map((e) => e.id)).size).toBe(total);
    expect(events.map((e) => (e.event.kind === 'expense_added' ? e.event.after.totalOre : 0))).toEqual(
      Array.from({ length: total }, (_, i) => 100 + total - 1 - i),
    );

    const outsider = await server.signUp({ name: 'Utomstående' });
    const refused = await outsider.client.get(`/api/groups/${group.id}/events`);
    expect([refused.status, refused.body.error?.code]).toEqual([404, 'NOT_FOUND']);
    const bad = await anna.client.get(`/api/groups/${group.id}/events?cursor=inte-en-markör`);
    expect([bad.status, bad.body.error?.code]).toEqual([400, 'VALIDATION']);
  });
});
