import { afterEach, describe, expect, it, vi } from 'vitest';
import { client, read } from './api.ts';
import { askEarly, forgetEarlyAnswers } from './early-answers.ts';

function server(...answers: Array<[number, string]>) {
  const fetchMock = vi.fn(async () => {
    const [status, body] = answers.shift() ?? [200, '{"groups":[]}'];
    return new Response(body, { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  forgetEarlyAnswers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('early answers', () => {
  it('hands an answer asked for early to the first read of its address, and only to that one', async () => {
    const fetchMock = server([200, '{"groups":[{"id":"early"}]}'], [200, '{"groups":[{"id":"later"}]}']);
    askEarly(['/api/groups']);
    expect(await read(client.api.groups.$get())).toEqual({ groups: [{ id: 'early' }] });
    expect(await read(client.api.groups.$get())).toEqual({ groups: [{ id: 'later' }] });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks again when the early answer was not a success, so a stale session’s 401 never reaches the page', async () => {
    const fetchMock = server([401, '{"error":{"code":"UNAUTHENTICATED"}}'], [200, '{"groups":[]}']);
    askEarly(['/api/groups']);
    expect(await read(client.api.groups.$get())).toEqual({ groups: [] });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks with the session cookie of this origin only', () => {
    const fetchMock = server();
    askEarly(['/api/overview']);
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/overview');
    expect(init.credentials).toBe('same-origin');
  });

  it('drops what was not taken once the session ends, or after half a minute', async () => {
    const fetchMock = server();
    askEarly(['/api/groups']);
    forgetEarlyAnswers();
    await read(client.api.groups.$get());
    expect(fetchMock).toHaveBeenCalledTimes(2);

    vi.useFakeTimers({ toFake: ['Date'] });
    askEarly(['/api/overview']);
    vi.setSystemTime(Date.now() + 31_000);
    await read(client.api.overview.$get());
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});
