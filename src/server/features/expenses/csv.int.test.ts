import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../testing/harness.ts';
import { expenseBody, groupOf, startServer } from '../../testing/expense-suite.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

async function download(client: { cookies: Map<string, string> }, url: string) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await server.fetch(new Request(`http://kvitt.test${url}`, { headers: { cookie } }));
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('CSV export', () => {
  it('downloads every expense oldest first as UTF-8 with BOM, semicolons and decimal commas, named after the group', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo', 'Cilla'], { groupName: 'Fjällresa: Åre/2026' });
    const [anna, bo, cilla] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    await anna.client.post(
      `/api/groups/${group.id}/expenses`,
      expenseBody(anna, [anna, bo], {
        totalOre: 123_450,
        merchant: 'ICA; Åre',
        expenseDate: '2026-11-21',
        category: 'nöje',
      }),
    );
    await bo.client.post(
      `/api/groups/${group.id}/expenses`,
      expenseBody(bo, people, {
        totalOre: 99,
        merchant: null,
        expenseDate: '2026-11-20',
        currency: 'EUR',
        manualRateMicros: 11_000_000,
        category: 'Present',
      }),
    );

    const res = await download(cilla.client, `/api/groups/${group.id}/expenses.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Fjallresa Are 2026.csv"; filename*=UTF-8''Fj%C3%A4llresa%20%C3%85re%202026.csv`,
    );
    expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.bytes.toString('utf8')).toBe(
      '\uFEFFDatum;Butik;Kategori;Belopp;Valuta;Betalare;Deltagare;Rader\r\n' +
        '2026-11-20;;Present;0,99;EUR;Bo;Anna, Bo, Cilla;\r\n' +
        '2026-11-21;"ICA; Åre";Nöje;1234,50;SEK;Anna;Anna, Bo;\r\n',
    );
  });

  it('names each of several payers with what they paid, in the expense currency, in the Betalare cell', async () => {
    const { group, people } = await groupOf(server, ['Anna', 'Bo']);
    const [anna, bo] = people as [(typeof people)[0], (typeof people)[0]];
    const saved = await anna.client.post(
      `/api/groups/${group.id}/expenses`,
      expenseBody(anna, people, {
        totalOre: 50_050,
        merchant: 'Middag',
        payers: [
          { memberId: anna.memberId, amountOre: 30_000 },
          { memberId: bo.memberId, amountOre: 20_050 },
        ],
      }),
    );
    expect(saved.status).toBe(201);
    const res = await download(bo.client, `/api/groups/${group.id}/expenses.csv`);
    expect(res.bytes.toString('utf8').split('\r\n')[1]).toBe(
      '2026-11-20;Middag;Mat;500,50;SEK;"Anna 300,00; Bo 200,50";Anna, Bo;',
    );
  });

  it('keeps a merchant that looks like a formula as text', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const [anna] = people as [(typeof people)[0]];
    for (const merchant of ['=HYPERLINK("http://evil.example";"Klicka")', '+46701234567', '@SUM(A1:A9)', '-1+1']) {
      await anna.client.post(`/api/groups/${group.id}/expenses`, expenseBody(anna, people, { merchant }));
    }
    const text = (await download(anna.client, `/api/groups/${group.id}/expenses.csv`)).bytes.toString('utf8');
    const merchants = text
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(';')[1]);
    expect(merchants.every((cell) => /^"?'/.test(cell ?? ''))).toBe(true);
    expect(text).not.toMatch(/;=|;\+|;@|;-/);
  });

  it('answers an empty group with only the header line', async () => {
    const { group, people } = await groupOf(server, ['Anna']);
    const res = await download(people[0]!.client, `/api/groups/${group.id}/expenses.csv`);
    expect(res.bytes.toString('utf8')).toBe('\uFEFFDatum;Butik;Kategori;Belopp;Valuta;Betalare;Deltagare;Rader\r\n');
  });
});
