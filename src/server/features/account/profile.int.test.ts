import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema/index.ts';
import { createTestServer } from '../../testing/harness.ts';
import type { TestServer } from '../../testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server?.close());

const full = { name: 'Anna', phone: '', address: '', postalCode: '', city: '', country: 'Sverige' };

describe('profile', () => {
  it('starts with the sign-up name, country Sverige, the free plan and no other details', async () => {
    const { client, user } = await server.signUp({ name: 'Anna Berg' });
    const res = await client.get('/api/account/profile');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: 'Anna Berg',
      email: user.email,
      phone: null,
      address: null,
      postalCode: null,
      city: null,
      country: 'Sverige',
      plan: 'plus',
    });
  });

  it('stores trimmed values, empty optional values as null, and a Swedish mobile in ten digits', async () => {
    const { client, user } = await server.signUp();
    const body = {
      name: '  Bo Ek ',
      phone: ' +46 70-123 45 67 ',
      address: '  Storgatan 1 ',
      postalCode: ' 123 45 ',
      city: '   ',
      country: '',
    };
    const res = await client.put('/api/account/profile', body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Bo Ek',
      phone: '0701234567',
      address: 'Storgatan 1',
      postalCode: '123 45',
      city: null,
      country: null,
    });
    const [row] = await server.database.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(row).toMatchObject({ name: 'Bo Ek', phone: '0701234567', city: null, country: null });
  });

  it('keeps a number that is not a Swedish mobile exactly as typed, trimmed', async () => {
    const { client } = await server.signUp();
    const res = await client.put('/api/account/profile', { ...full, phone: ' 08-123 456 78 ' });
    expect(res.body.phone).toBe('08-123 456 78');
  });

  it('renames the account too, so the session shows the new name', async () => {
    const { client } = await server.signUp({ name: 'Gammalt Namn' });
    await client.put('/api/account/profile', { ...full, name: 'Nytt Namn' });
    expect((await client.get('/api/auth/get-session')).body.user.name).toBe('Nytt Namn');
  });

  it('refuses a blank name and every field over its maximum with its own message key', async () => {
    const { client } = await server.signUp();
    const blank = await client.put('/api/account/profile', { ...full, name: '   ' });
    expect([blank.status, blank.body.error]).toEqual([
      400,
      { code: 'VALIDATION', fields: { name: 'nameRequired' }, requestId: expect.any(String) },
    ]);
    const long = await client.put('/api/account/profile', {
      name: 'n'.repeat(101),
      phone: '1'.repeat(21),
      address: 'a'.repeat(201),
      postalCode: '1'.repeat(11),
      city: 'c'.repeat(101),
      country: 'l'.repeat(101),
    });
    expect(long.body.error.fields).toEqual({
      name: 'max100',
      phone: 'max20',
      address: 'max200',
      postalCode: 'max10',
      city: 'max100',
      country: 'max100',
    });
  });

  it('accepts every field at exactly its maximum, measured after trimming', async () => {
    const { client } = await server.signUp();
    const res = await client.put('/api/account/profile', {
      name: ` ${'n'.repeat(100)} `,
      phone: '1'.repeat(20),
      address: 'a'.repeat(200),
      postalCode: '1'.repeat(10),
      city: 'c'.repeat(100),
      country: 'l'.repeat(100),
    });
    expect(res.status).toBe(200);
    expect(res.body.name).toHaveLength(100);
  });

  it("answers UNAUTHENTICATED without a session and changes nobody's profile", async () => {
    const res = await server.client().put('/api/account/profile', full);
    expect([res.status, res.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
    expect((await server.client().get('/api/account/profile')).status).toBe(401);
  });
});
