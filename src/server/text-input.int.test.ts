import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, expenses } from './db/schema/index.ts';
import { insertGroup } from './testing/factories.ts';
import { createTestServer } from './testing/harness.ts';
import type { TestClient, TestServer } from './testing/harness.ts';

// Decision 037: one text rule for every field a client sends, on PGlite and PostgreSQL alike.

let server: TestServer;
let anna: TestClient;
let groupId: string;
let annaMemberId: string;

beforeAll(async () => {
  server = await createTestServer();
  const signedUp = await server.signUp({ name: 'Anna' });
  anna = signedUp.client;
  const { group, owner } = await insertGroup(server.database.db, { ownerId: signedUp.user.id, name: 'Fjällresa' });
  groupId = group.id;
  annaMemberId = owner.id;
});
afterAll(async () => server?.close());

/** NUL, an escape sequence, a C1 control and lone surrogates: none of them is text anyone types. */
const badTexts = ['\u0000', 'Anna\u0000', '\u001b[2J', 'a\u0085b', '\ud800', 'a\udc00b'];

const expense = (overrides: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  totalOre: 10_000,
  currency: 'SEK',
  expenseDate: '2026-11-20',
  merchant: 'ICA',
  category: 'mat',
  note: null,
  payerMemberId: annaMemberId,
  split: { method: 'equal', participants: [{ memberId: annaMemberId }] },
  manualRateMicros: null,
  imageId: null,
  ...overrides,
});

const refusal = (res: { status: number; body: { error?: { code: string; fields?: object } } }) => [
  res.status,
  res.body.error?.code,
  res.body.error?.fields,
];

describe('control characters and lone surrogates', () => {
  it('refuses them in every profile field, naming the field, and keeps the profile', async () => {
    const fields = ['name', 'phone', 'address', 'postalCode', 'city', 'country'] as const;
    for (const field of fields) {
      for (const bad of badTexts) {
        const res = await anna.put('/api/account/profile', { name: 'Anna', [field]: bad });
        expect([field, bad, ...refusal(res)]).toEqual([field, bad, 400, 'VALIDATION', { [field]: 'textInvalid' }]);
      }
    }
    expect((await anna.get('/api/account/profile')).body.name).toBe('Anna');
  });

  it('refuses them in a group name and description, creating and renaming', async () => {
    for (const bad of badTexts) {
      const created = await anna.post('/api/groups', { name: `Resa ${bad}` });
      expect(refusal(created)).toEqual([400, 'VALIDATION', { name: 'textInvalid' }]);
      const described = await anna.post('/api/groups', { name: 'Resa', description: bad });
      expect(refusal(described)).toEqual([400, 'VALIDATION', { description: 'textInvalid' }]);
      const renamed = await anna.patch(`/api/groups/${groupId}`, { name: bad });
      expect(refusal(renamed)).toEqual([400, 'VALIDATION', { name: 'textInvalid' }]);
    }
    const [group] = await server.database.db.select().from(groups).where(eq(groups.id, groupId));
    expect(group?.name).toBe('Fjällresa');
  });

  it('refuses them in the merchant, category and note of a new and of an edited expense', async () => {
    const saved = await anna.post(`/api/groups/${groupId}/expenses`, expense());
    expect(saved.status).toBe(201);
    for (const field of ['merchant', 'category', 'note'] as const) {
      for (const bad of badTexts) {
        const created = await anna.post(`/api/groups/${groupId}/expenses`, expense({ [field]: bad }));
        expect([field, bad, ...refusal(created)]).toEqual([field, bad, 400, 'VALIDATION', { [field]: 'textInvalid' }]);
        const { id: _id, imageId: _image, ...edit } = expense({ [field]: bad });
        const edited = await anna.patch(`/api/expenses/${saved.body.expense.id}`, edit);
        expect([field, bad, ...refusal(edited)]).toEqual([field, bad, 400, 'VALIDATION', { [field]: 'textInvalid' }]);
      }
    }
  });

  it('keeps line breaks in a note and a group description but refuses them in a merchant and a group name', async () => {
    const note = await anna.post(`/api/groups/${groupId}/expenses`, expense({ note: 'Rad ett\r\nRad två\tslut' }));
    expect([note.status, note.body.expense.note]).toEqual([201, 'Rad ett\r\nRad två\tslut']);
    const described = await anna.post('/api/groups', { name: 'Stuga', description: 'Rad ett\nRad två' });
    expect([described.status, described.body.group.description]).toEqual([201, 'Rad ett\nRad två']);
    const merchant = await anna.post(`/api/groups/${groupId}/expenses`, expense({ merchant: 'ICA\nMaxi' }));
    expect(refusal(merchant)).toEqual([400, 'VALIDATION', { merchant: 'textInvalid' }]);
    const name = await anna.post('/api/groups', { name: 'Stuga\ni fjällen' });
    expect(refusal(name)).toEqual([400, 'VALIDATION', { name: 'textInvalid' }]);
  });

  it('refuses them in the expense list’s category filter and in either cursor', async () => {
    const queries = [
      [`/api/groups/${groupId}/expenses?category=%00`, 'category'],
      [`/api/groups/${groupId}/expenses?category=mat%1B`, 'category'],
      [`/api/groups/${groupId}/expenses?category=%ED%A0%80`, 'category'],
      [`/api/groups/${groupId}/expenses?cursor=%00`, 'cursor'],
      [`/api/groups/${groupId}/settlement/breakdown?cursor=a%C2%85`, 'cursor'],
    ] as const;
    for (const [url, field] of queries) {
      const res = await anna.get(url);
      expect([url, res.status, res.body.error?.code, Object.keys(res.body.error?.fields ?? {})]).toEqual([
        url,
        400,
        'VALIDATION',
        [field],
      ]);
    }
  });
});

describe('names without a visible character', () => {
  const invisible = ['\u200b', '\u200d\u200c', '\ufeff\u2060', ' \u00ad ', '\u3164'];

  it('refuses a profile name, a group name and a category made only of zero-width or format characters as blank', async () => {
    for (const name of invisible) {
      expect(refusal(await anna.put('/api/account/profile', { name }))).toEqual([
        400,
        'VALIDATION',
        { name: 'nameRequired' },
      ]);
      expect(refusal(await anna.post('/api/groups', { name }))).toEqual([
        400,
        'VALIDATION',
        { name: 'groupNameRequired' },
      ]);
      expect(refusal(await anna.patch(`/api/groups/${groupId}`, { name }))).toEqual([
        400,
        'VALIDATION',
        { name: 'groupNameRequired' },
      ]);
      const category = await anna.post(`/api/groups/${groupId}/expenses`, expense({ category: name }));
      expect(refusal(category)).toEqual([400, 'VALIDATION', { category: 'categoryRequired' }]);
    }
  });

  it('refuses such a name at sign-up as blank and creates no account', async () => {
    const res = await server
      .client()
      .post('/api/auth/sign-up/email', { email: 'osynlig@example.se', password: 'hemligt123', name: '\u200b\u200b' });
    expect(refusal(res)).toEqual([400, 'VALIDATION', { name: 'nameRequired' }]);
    const signIn = await server
      .client()
      .post('/api/auth/sign-in/email', { email: 'osynlig@example.se', password: 'hemligt123' });
    expect(signIn.status).toBe(401);
  });

  it('accepts a name with one visible character among joiners, such as an emoji family', async () => {
    const res = await anna.post('/api/groups', { name: '👨‍👩‍👧' });
    expect([res.status, res.body.group.name]).toEqual([201, '👨‍👩‍👧']);
  });
});

describe('Unicode normalisation', () => {
  it('stores text in NFC, so a category typed decomposed is the same category and filter as the composed one', async () => {
    const decomposed = 'Cafe\u0301';
    const saved = await anna.post(
      `/api/groups/${groupId}/expenses`,
      expense({ category: decomposed, merchant: ` Fe\u0301lix ` }),
    );
    expect([saved.body.expense.category, saved.body.expense.merchant]).toEqual(['Café', 'Félix']);
    const [row] = await server.database.db.select().from(expenses).where(eq(expenses.id, saved.body.expense.id));
    expect(row?.category).toBe('Café');
    for (const filter of ['Caf%C3%A9', 'Cafe%CC%81']) {
      const list = await anna.get(`/api/groups/${groupId}/expenses?category=${filter}`);
      expect(list.body.expenses.map((r: { id: string }) => r.id)).toEqual([saved.body.expense.id]);
    }
  });

  it('counts a name’s length after normalising, so 100 decomposed letters fit the 100-character limit', async () => {
    const res = await anna.put('/api/account/profile', { name: 'e\u0301'.repeat(100) });
    expect([res.status, res.body.name]).toEqual([200, 'é'.repeat(100)]);
  });
});
