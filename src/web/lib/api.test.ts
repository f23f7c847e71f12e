import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, errorText, NETWORK_FAILURE, onSessionLost } from './api.ts';

function answer(status: number, body: string, contentType = 'application/json') {
  const fetchMock = vi.fn(async () => new Response(body, { status, headers: { 'content-type': contentType } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ApiError)) throw new Error('expected the call to fail with an ApiError');
  return error;
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends JSON with same-origin credentials and returns the parsed answer', async () => {
    const fetchMock = answer(200, '{"user":{"id":"u1"}}');
    await expect(api.post('/api/x', { email: 'a@b.se' })).resolves.toEqual({ user: { id: 'u1' } });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/x');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"email":"a@b.se"}' });
  });

  it('turns the error body into an ApiError with its code, fields and request id', async () => {
    answer(409, '{"error":{"code":"EMAIL_TAKEN","fields":{"email":"emailInvalid"},"requestId":"r-1"}}');
    const error = await failure(api.post('/api/auth/sign-up/email'));
    expect([error.status, error.code, error.fields, error.requestId]).toEqual([
      409,
      'EMAIL_TAKEN',
      { email: 'emailInvalid' },
      'r-1',
    ]);
    expect(errorText(error)).toBe('Det finns redan ett konto med den e-postadressen');
  });

  it('reports a non-JSON answer, an unknown code and a network failure as INTERNAL', async () => {
    answer(502, '<html>Bad gateway</html>', 'text/html');
    expect((await failure(api.get('/api/x'))).code).toBe('INTERNAL');
    answer(400, '{"error":{"code":"NO_SUCH_CODE"}}');
    expect((await failure(api.get('/api/x'))).code).toBe('INTERNAL');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const offline = await failure(api.get('/api/x'));
    expect([offline.status, offline.code]).toEqual([NETWORK_FAILURE, 'INTERNAL']);
  });

  it('rejects a successful answer that does not pass the given parser', async () => {
    answer(200, '{"unexpected":true}');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const parse = (data: unknown) => {
      if (typeof data !== 'object' || data === null || !('user' in data)) throw new Error('no user');
      return data;
    };
    expect((await failure(api.get('/api/x', { parse }))).code).toBe('INTERNAL');
  });

  it('announces a lost session on 401, but not for a wrong password', async () => {
    const lost = vi.fn();
    const stop = onSessionLost(lost);
    answer(401, '{"error":{"code":"INVALID_CREDENTIALS"}}');
    await failure(api.post('/api/auth/sign-in/email'));
    expect(lost).not.toHaveBeenCalled();
    answer(401, '{"error":{"code":"UNAUTHENTICATED"}}');
    await failure(api.get('/api/groups'));
    expect(lost).toHaveBeenCalledTimes(1);
    stop();
  });

  it('shows INTERNAL for anything that is not an ApiError', () => {
    expect(errorText(new Error('boom'))).toBe('Något gick fel hos oss. Försök igen om en stund.');
  });
});
