import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMembers } from './db/schema/index.ts';
import { operationsOf } from './testing/fuzz/operations.ts';
import type { Operation } from './testing/fuzz/operations.ts';
import { buildWorld, samplePhoto } from './testing/fuzz/world.ts';
import type { Account } from './testing/fuzz/world.ts';
import type { WorldValues } from './testing/fuzz/request.ts';
import { createTestServer, TEST_ORIGIN } from './testing/harness.ts';
import type { TestServer } from './testing/harness.ts';

let server: TestServer;
let owner: Account;
let world: WorldValues;
let operations: Operation[];

beforeAll(async () => {
  server = await createTestServer();
  owner = await server.signUp({ name: 'Anna' });
  const member = await server.signUp({ name: 'Bo' });
  world = await buildWorld(server, owner, member, await samplePhoto());
  operations = operationsOf((await server.client().get('/api/openapi.json')).body);
});
afterAll(async () => server?.close());

/** Sends `body` to an operation, its path filled from `path` (a fresh uuid for anything not given). */
async function send(
  operation: Operation,
  init: { body?: string | null; contentType?: string | null; path?: Record<string, string> },
) {
  const url = operation.path.replace(/\{(\w+)\}/g, (_m, name: string) => init.path?.[name] ?? randomUUID());
  const headers = new Headers({ origin: TEST_ORIGIN, cookie: world.cookie });
  if (init.contentType) headers.set('content-type', init.contentType);
  // As bytes, so fetch adds no text/plain type of its own.
  const body = init.body === undefined || init.body === null ? null : new TextEncoder().encode(init.body);
  const response = await server.fetch(new Request(`${TEST_ORIGIN}${url}`, { method: operation.method, headers, body }));
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : null) as { error?: { code: string; fields?: object } },
  };
}

const jsonOperations = () => operations.filter((o) => o.body?.mediaType === 'application/json');

describe('media types', () => {
  it('answers UNSUPPORTED_MEDIA_TYPE to every JSON endpoint sent another content type or none', async () => {
    expect(jsonOperations().length).toBeGreaterThan(10);
    for (const operation of jsonOperations()) {
      for (const contentType of [
        null,
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/jsonx',
      ]) {
        const res = await send(operation, { body: '{}', contentType });
        expect([operation.id, contentType, res.status, res.body.error?.code]).toEqual([
          operation.id,
          contentType,
          415,
          'UNSUPPORTED_MEDIA_TYPE',
        ]);
      }
      const empty = await send(operation, { body: null, contentType: null });
      expect([operation.id, empty.status, empty.body.error?.code]).toEqual([
        operation.id,
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ]);
    }
  });

  it('answers VALIDATION to malformed JSON on every JSON endpoint', async () => {
    for (const operation of jsonOperations()) {
      for (const body of ['{"name":', '{', "{'a':1}", '']) {
        const res = await send(operation, { body, contentType: 'application/json' });
        expect([operation.id, body, res.status, res.body.error?.code]).toEqual([operation.id, body, 400, 'VALIDATION']);
      }
    }
  });

  it('accepts JSON sent with a charset parameter', async () => {
    const profile = operations.find((o) => o.id === 'PUT /api/account/profile') as Operation;
    const res = await send(profile, {
      body: JSON.stringify({ name: 'Anna Berg' }),
      contentType: 'application/json; charset=utf-8',
    });
    expect(res.status).toBe(200);
  });

  it('reads a receipt photo only from a multipart form, refusing JSON, a url-encoded form and no content type', async () => {
    const ocr = operations.find((o) => o.id === 'POST /api/receipts/ocr') as Operation;
    expect(ocr.body?.mediaType).toBe('multipart/form-data');
    const imageId = String(world.hints.pendingImageId);
    const groupId = String(world.hints.groupId);
    for (const [contentType, body] of [
      ['application/json', JSON.stringify({ groupId, imageId })],
      ['application/x-www-form-urlencoded', new URLSearchParams({ groupId, imageId }).toString()],
      [null, 'junk'],
      [null, null],
    ] as const) {
      const res = await send(ocr, { body, contentType });
      expect([contentType, res.status, res.body.error?.code]).toEqual([contentType, 415, 'UNSUPPORTED_MEDIA_TYPE']);
    }
  });
});

describe('ids in the path', () => {
  it('answers NOT_FOUND to removing a member by an id that is not a uuid, and removes nobody', async () => {
    const groupId = world.path.groupId as string;
    for (const memberId of ['xyz', '0', '------------------------------------', `${world.path.memberId}x`]) {
      const res = await owner.client.delete(`/api/groups/${groupId}/members/${memberId}`);
      expect([memberId, res.status, res.body.error.code]).toEqual([memberId, 404, 'NOT_FOUND']);
    }
    const members = await server.database.db.select().from(groupMembers).where(eq(groupMembers.groupId, groupId));
    expect(members.every((m) => m.removedAt === null)).toBe(true);
  });

  it('answers NOT_FOUND to every id in a path that is not a uuid, the other ids being real', async () => {
    const idRoutes = operations.filter((o) => o.params.some((p) => p.in === 'path' && p.name.endsWith('Id')));
    expect(idRoutes.length).toBeGreaterThan(25);
    for (const operation of idRoutes) {
      for (const param of operation.params.filter((p) => p.in === 'path' && p.name.endsWith('Id'))) {
        const res = await send(operation, { path: { ...world.path, [param.name]: 'xyz' } });
        expect([operation.id, param.name, res.status, res.body.error?.code]).toEqual([
          operation.id,
          param.name,
          404,
          'NOT_FOUND',
        ]);
      }
    }
  });

  it('answers VALIDATION naming the parameter when a path id holds a control character', async () => {
    for (const [method, url, field] of [
      ['GET', `/api/groups/%00`, 'groupId'],
      ['DELETE', `/api/groups/${world.path.groupId}/members/a%00b`, 'memberId'],
      ['GET', `/api/expenses/%1B/image`, 'expenseId'],
      ['GET', `/api/invites/%C2%85`, 'token'],
    ] as const) {
      const res = await owner.client.request(method, url);
      expect([url, res.status, res.body.error?.code, Object.keys(res.body.error?.fields ?? {})]).toEqual([
        url,
        400,
        'VALIDATION',
        [field],
      ]);
    }
  });
});

describe('a forwarded address behind a trusted proxy', () => {
  let proxied: TestServer;
  beforeAll(async () => {
    proxied = await createTestServer({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => proxied?.close());

  it('is ignored when it is not an IP address, so kilobytes of junk never become a rate-limit key', async () => {
    const junk = randomBytes(4000).toString('hex');
    const { client } = await proxied.signUp({ name: 'Anna' });
    const newsletter = await client.request(
      'POST',
      '/api/site/newsletter',
      { email: 'anna@example.se' },
      { 'x-forwarded-for': junk },
    );
    expect(newsletter.status).toBe(200);
    const join = await client.request(
      'POST',
      '/api/groups/join',
      { code: 'ABCDEFGH' },
      { 'x-forwarded-for': `${junk}, 10.0.0.1` },
    );
    expect([join.status, join.body.error.code]).toEqual([404, 'INVALID_CODE']);
  });
});
