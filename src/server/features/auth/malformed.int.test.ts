import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorCode } from '#shared/errors.ts';
import { TEST_ORIGIN, createTestServer } from '../../testing/harness.ts';
import type { TestServer } from '../../testing/harness.ts';

type RequestBody = NonNullable<RequestInit['body']>;

let server: TestServer;
let cookie = '';
beforeAll(async () => {
  const many = { limit: 100_000, windowMs: 60_000 };
  server = await createTestServer({
    authRateRules: { signIn: many, signUp: many, reset: many, resetPerAddress: many },
  });
  const { client } = await server.signUp({ email: 'fuzz@example.se', password: 'hemligt123' });
  cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
});
afterAll(async () => server?.close());

type Answer = { status: number; code: string | null; fields: Record<string, string> | undefined };
type ErrorAnswer = { error?: { code?: string; fields?: Record<string, string> } } | null;

function errorOf(text: string): ErrorAnswer {
  try {
    return text ? (JSON.parse(text) as ErrorAnswer) : null;
  } catch {
    return null;
  }
}

async function send(
  method: string,
  path: string,
  options: { body?: RequestBody; type?: string; signedIn?: boolean } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (options.type) headers['content-type'] = options.type;
  if (options.signedIn) headers.cookie = cookie;
  const response = await server.fetch(
    new Request(new URL(path, TEST_ORIGIN), { method, headers, body: options.body ?? null }),
  );
  const parsed = errorOf(await response.text());
  return { status: response.status, code: parsed?.error?.code ?? null, fields: parsed?.error?.fields };
}

/** A 2xx, or an error whose code is in our catalogue (HEAD answers have no body): never a 5xx, never prose. */
function expectHandled(label: string, answer: Answer, method = 'POST') {
  expect([label, answer.status < 500]).toEqual([label, true]);
  if (answer.status >= 400 && method !== 'HEAD') expect([label, isErrorCode(answer.code)]).toEqual([label, true]);
}

// `signedIn` where the endpoint needs a session; sign-out is sent without one, so the shared session survives.
const endpoints: Array<{ path: string; valid: Record<string, unknown>; signedIn: boolean }> = [
  {
    path: '/api/auth/sign-up/email',
    valid: { email: 'ny@example.se', password: 'hemligt123', name: 'Ny' },
    signedIn: false,
  },
  { path: '/api/auth/sign-in/email', valid: { email: 'fuzz@example.se', password: 'fel-lösen' }, signedIn: false },
  {
    path: '/api/auth/request-password-reset',
    valid: { email: 'fuzz@example.se', redirectTo: '/reset-password' },
    signedIn: false,
  },
  {
    path: '/api/auth/reset-password',
    valid: { newPassword: 'nyttlosen', token: 'abcdefghijklmnopqrstuvwx' },
    signedIn: false,
  },
  {
    path: '/api/auth/change-password',
    valid: { currentPassword: 'fel-lösen', newPassword: 'nyttlosen' },
    signedIn: true,
  },
  { path: '/api/auth/update-user', valid: { name: 'Fuzz' }, signedIn: true },
  { path: '/api/auth/sign-out', valid: {}, signedIn: false },
];

const badValues: unknown[] = [
  '',
  'a\u0000b',
  '\u0000',
  'x\uD800y',
  '\uDFFF@example.se',
  'a\u0000@example.se',
  '\u200B',
  'x'.repeat(1_000_000),
  `${'a'.repeat(300)}@example.se`,
  -0,
  Number.MAX_SAFE_INTEGER + 2,
  true,
  null,
  [],
  ['a@example.se'],
  { $ne: null },
  { toString: 'x' },
];

const extraFieldValues: unknown[] = ['a\u0000b', 'x\uD800', 'x'.repeat(1_000_000), { $ne: null }];

const rawBodies: Array<[string, string | undefined]> = [
  ['{', 'application/json'],
  ['', 'application/json'],
  ['[]', 'application/json'],
  ['null', 'application/json'],
  ['"text"', 'application/json'],
  ['{"__proto__":{"admin":true},"email":"a@example.se"}', 'application/json'],
  ['\u0000', 'application/json'],
  ['{"email":"a@example.se"}', undefined],
  ['{"email":"a@example.se"}', 'text/plain'],
  ['email=a%40example.se&password=x', 'application/x-www-form-urlencoded'],
  [
    '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.se\r\n--x--',
    'multipart/form-data; boundary=x',
  ],
  ['--broken', 'multipart/form-data'],
  ['{}', 'application/json; charset=latin1'],
];

describe('malformed requests to /api/auth/*', () => {
  it('never answer 5xx for any field of any auth endpoint set to a malformed value', { timeout: 120_000 }, async () => {
    let sent = 0;
    for (const { path, valid, signedIn } of endpoints) {
      const cases = [
        ...Object.keys(valid).map((field) => [field, badValues] as const),
        // Fields our schemas drop: the request then reaches better-auth (and its password hashing), so fewer values.
        ...['image', 'callbackURL'].map((field) => [field, extraFieldValues] as const),
      ];
      for (const [field, values] of cases) {
        for (const value of values) {
          const body = JSON.stringify({ ...valid, [field]: value });
          expectHandled(
            `${path} ${field}=${JSON.stringify(value).slice(0, 40)}`,
            await send('POST', path, { body, type: 'application/json', signedIn }),
          );
          sent += 1;
        }
      }
    }
    const perEndpoint = (valid: object) => Object.keys(valid).length * badValues.length + 2 * extraFieldValues.length;
    expect(sent).toBe(endpoints.reduce((sum, { valid }) => sum + perEndpoint(valid), 0));
  });

  it('never answer 5xx for broken bodies, and refuse any that is not JSON with UNSUPPORTED_MEDIA_TYPE', async () => {
    for (const { path, signedIn } of endpoints) {
      for (const [body, type] of rawBodies) {
        const answer = await send('POST', path, { body, type, signedIn });
        expectHandled(`${path} ${type} ${body.slice(0, 20)}`, answer);
        const json = (type ?? '').startsWith('application/json');
        if (!json)
          expect([path, type, answer.status, answer.code]).toEqual([path, type, 415, 'UNSUPPORTED_MEDIA_TYPE']);
      }
    }
  });

  it('refuses NUL and lone surrogates in an e-mail, a name or a reset token with 400 and the field or the link named', async () => {
    for (const email of ['a\u0000@example.se', '\uD800a@example.se']) {
      for (const path of ['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/request-password-reset']) {
        const answer = await send('POST', path, {
          body: JSON.stringify({ email, password: 'hemligt123', name: 'A', redirectTo: '/' }),
          type: 'application/json',
        });
        expect([path, answer.status, answer.fields?.email]).toEqual([path, 400, 'emailInvalid']);
      }
    }
    for (const token of ['abc\u0000def', '\uDC00', 'x'.repeat(1_000_000), 'abc/../def']) {
      const answer = await send('POST', '/api/auth/reset-password', {
        body: JSON.stringify({ newPassword: 'nyttlosen', token }),
        type: 'application/json',
      });
      expect([answer.status, answer.code]).toEqual([400, 'INVALID_RESET_TOKEN']);
    }
    const name = await send('POST', '/api/auth/update-user', {
      body: JSON.stringify({ name: 'A\u0000' }),
      type: 'application/json',
      signedIn: true,
    });
    expect([name.status, name.fields]).toEqual([400, { name: 'textInvalid' }]);
  });

  it('never answer 5xx on odd paths, methods and query strings', async () => {
    const paths = [
      '/api/auth/get-session?disableRefresh=%00',
      '/api/auth/get-session?disableCookieCache=maybe&disableRefresh=1&disableRefresh=2',
      '/api/auth/list-sessions?x=%uD800',
      '/api/auth/reset-password/abc%00def?callbackURL=%00',
      '/api/auth/verify-email?token=%00',
      '/api/auth/callback/%00',
      '/api/auth/error?error=%00',
      '/api/auth/',
      '/api/auth//sign-in/email',
      '/api/auth/sign-in/email/',
      `/api/auth/${'x'.repeat(10_000)}`,
    ];
    for (const path of paths) {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD']) {
        for (const signedIn of [false, true]) {
          const body = ['GET', 'HEAD'].includes(method) ? undefined : '{}';
          const answer = await send(method, path, {
            body,
            type: body ? 'application/json' : undefined,
            signedIn: signedIn && !path.includes('sign-out'),
          });
          expectHandled(`${method} ${path.slice(0, 60)}`, answer, method);
        }
      }
    }
  });
});
