import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  authRequest,
  client,
  done,
  errorText,
  fileBody,
  NETWORK_FAILURE,
  onSessionLost,
  read,
} from './api.ts';

function answer(status: number, body: string, contentType = 'application/json') {
  const fetchMock = vi.fn(async () => new Response(body, { status, headers: { 'content-type': contentType } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sent(fetchMock: ReturnType<typeof answer>) {
  const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  return { path, init, headers: new Headers(init.headers) };
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

describe('typed api client', () => {
  it('sends JSON to the route’s path with same-origin credentials and returns the answer', async () => {
    const fetchMock = answer(201, '{"group":{"id":"g1","name":"Resa"}}');
    const group = (await read(client.api.groups.$post({ json: { name: 'Resa' } }))).group;
    expect(group).toEqual({ id: 'g1', name: 'Resa' });
    const { path, init, headers } = sent(fetchMock);
    expect([path, init.method, init.credentials, init.body]).toEqual([
      '/api/groups',
      'POST',
      'same-origin',
      '{"name":"Resa"}',
    ]);
    expect([headers.get('content-type'), headers.get('accept')]).toEqual(['application/json', 'application/json']);
  });

  it('fills path parameters and leaves out query values that are not given', async () => {
    const fetchMock = answer(200, '{"expenses":[],"nextCursor":null}');
    const query = { category: undefined, hasImage: 'true' as const, cursor: 'c 1' };
    await read(client.api.groups[':groupId'].expenses.$get({ param: { groupId: 'g1' }, query }));
    expect(sent(fetchMock).path).toBe('/api/groups/g1/expenses?hasImage=true&cursor=c+1');
  });

  it('sends a file as raw bytes with its own type, and a form as multipart', async () => {
    const fetchMock = answer(200, '{"imageId":"i1"}');
    const photo = new Blob(['jpeg bytes'], { type: 'image/jpeg' });
    const upload = client.api.groups[':groupId']['receipt-images'].$post({ param: { groupId: 'g1' } }, fileBody(photo));
    expect((await read(upload)).imageId).toBe('i1');
    const bytes = sent(fetchMock);
    expect([bytes.path, bytes.init.method, bytes.init.body, bytes.headers.get('content-type')]).toEqual([
      '/api/groups/g1/receipt-images',
      'POST',
      photo,
      'image/jpeg',
    ]);
    const formMock = answer(200, '{"totalOre":null}');
    await read(client.api.receipts.ocr.$post({ form: { groupId: 'g1', imageId: 'i1' } }));
    const form = sent(formMock).init.body;
    expect(form instanceof FormData ? [...form.entries()] : form).toEqual([
      ['groupId', 'g1'],
      ['imageId', 'i1'],
    ]);
  });

  it('names a file without a type as plain bytes', () => {
    expect(fileBody(new Blob(['x'])).init.headers).toEqual({ 'content-type': 'application/octet-stream' });
  });

  it('turns the error body into an ApiError with its code, fields and request id', async () => {
    answer(409, '{"error":{"code":"EMAIL_TAKEN","fields":{"email":"emailInvalid"},"requestId":"r-1"}}');
    const error = await failure(authRequest('sign-up/email', { body: {} }));
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
    expect((await failure(read(client.api.groups.$get()))).code).toBe('INTERNAL');
    answer(200, '<html>not our server</html>', 'text/html');
    expect((await failure(read(client.api.groups.$get()))).code).toBe('INTERNAL');
    answer(400, '{"error":{"code":"NO_SUCH_CODE"}}');
    expect((await failure(done(client.api.account.$delete()))).code).toBe('INTERNAL');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const offline = await failure(read(client.api.groups.$get()));
    expect([offline.status, offline.code]).toEqual([NETWORK_FAILURE, 'INTERNAL']);
  });

  it('reads a refusal of a large upload without our error body as PAYLOAD_TOO_LARGE', async () => {
    answer(413, '<html>Request Entity Too Large</html>', 'text/html');
    const call = client.api.groups[':groupId'].image.$put({ param: { groupId: 'g1' } }, fileBody(new Blob(['x'])));
    expect((await failure(read(call))).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('rejects a better-auth answer that does not pass the given parser', async () => {
    answer(200, '{"unexpected":true}');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const parse = (data: unknown) => {
      if (typeof data !== 'object' || data === null || !('user' in data)) throw new Error('no user');
      return data;
    };
    expect((await failure(authRequest('get-session', { parse }))).code).toBe('INTERNAL');
  });

  it('announces a lost session on 401, but not for a wrong password', async () => {
    const lost = vi.fn();
    const stop = onSessionLost(lost);
    answer(401, '{"error":{"code":"INVALID_CREDENTIALS"}}');
    await failure(authRequest('sign-in/email', { body: { email: 'a@b.se', password: 'x' } }));
    expect(lost).not.toHaveBeenCalled();
    answer(401, '{"error":{"code":"UNAUTHENTICATED"}}');
    await failure(client.api.groups[':groupId']['expenses.csv'].$get({ param: { groupId: 'g1' } }));
    expect(lost).toHaveBeenCalledTimes(1);
    stop();
  });

  it('shows INTERNAL for anything that is not an ApiError', () => {
    expect(errorText(new Error('boom'))).toBe('Något gick fel hos oss. Försök igen om en stund.');
  });
});
