import { hc, type ClientResponse } from 'hono/client';
// Types only (erased from the bundle): the routes as the server defines them, so a path, a method or a body shape
// that does not exist fails the web typecheck (decision 045).
import type { ApiApp } from '#server/api-type.ts';
import { isErrorCode, type ErrorCode, type FieldErrors } from '#shared/errors.ts';
import * as sv from '#shared/i18n/sv.ts';
import { takeEarlyAnswer } from './early-answers.ts';

/** A failed API call: the server's error code (or INTERNAL for network failures and non-JSON answers). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields: FieldErrors | undefined;
  readonly requestId: string | undefined;

  constructor(status: number, code: ErrorCode, fields?: FieldErrors, requestId?: string) {
    super(`${code} (HTTP ${status})`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.requestId = requestId;
  }
}

/** Status 0: the request never got an HTTP answer (offline, DNS, server down). */
export const NETWORK_FAILURE = 0;

const sessionLostListeners = new Set<() => void>();

/** Called whenever an API call answers 401 for a reason other than a wrong password: the session is gone. */
export function onSessionLost(listener: () => void): () => void {
  sessionLostListeners.add(listener);
  return () => sessionLostListeners.delete(listener);
}

const NOT_JSON = Symbol('not-json');

async function readJson(response: { text(): Promise<string> }): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

function errorFrom(status: number, data: unknown): ApiError {
  const error = typeof data === 'object' && data !== null && 'error' in data ? data.error : null;
  if (typeof error !== 'object' || error === null || !('code' in error) || !isErrorCode(error.code)) {
    // A proxy in front of us may refuse a large upload with a page of its own.
    return new ApiError(status, status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INTERNAL');
  }
  const fields = 'fields' in error && typeof error.fields === 'object' ? (error.fields as FieldErrors) : undefined;
  const requestId = 'requestId' in error && typeof error.requestId === 'string' ? error.requestId : undefined;
  return new ApiError(status, error.code, fields ?? undefined, requestId);
}

/** The answer the entry already asked for at this address (lib/early-answers.ts), if this is a plain read. */
function earlyAnswer(input: RequestInfo | URL, init: RequestInit): Promise<Response | null> | undefined {
  const read = (init.method ?? 'GET').toUpperCase() === 'GET';
  return read && typeof input === 'string' ? takeEarlyAnswer(input) : undefined;
}

/**
 * The wire under every call: same-origin cookies, an answer that is not 2xx thrown as ApiError, and a 401 (other than
 * a wrong password) announced as a lost session. JSON, FormData and raw bytes all pass through here.
 */
async function apiFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  let response: Response;
  try {
    response =
      (await earlyAnswer(input, init)) ?? (await fetch(input, { ...init, headers, credentials: 'same-origin' }));
  } catch (error) {
    // An abort is TanStack Query cancelling a stale request, not a failure to show.
    if (init.signal?.aborted) throw error;
    throw new ApiError(NETWORK_FAILURE, 'INTERNAL');
  }
  if (response.ok) return response;
  const error = errorFrom(response.status, await readJson(response));
  if (error.status === 401 && error.code !== 'INVALID_CREDENTIALS') sessionLostListeners.forEach((notify) => notify());
  throw error;
}

/**
 * The typed client of our API (decision 045): `client.api.groups[':groupId'].$get({ param: { groupId } })`. Paths,
 * methods, params, query and JSON or form bodies are checked against the server's route definitions. A call resolves
 * only for a 2xx answer; read it with `read()` (or `.blob()` for a file), or await `done()` when nothing comes back.
 */
export const client = hc<ApiApp>('/', { fetch: apiFetch });

/** Passes TanStack Query's abort signal (or any other) to a typed call. */
export const withSignal = (signal: AbortSignal) => ({ init: { signal } });

/**
 * The JSON answer of a typed call, as its route declares it. Our own server's answers are trusted, not parsed: their
 * type comes from the same schemas that built them, and parsing would put zod on every first load.
 */
export async function read<T>(call: Promise<ClientResponse<T>>): Promise<T> {
  const response = await call;
  const data = await readJson(response);
  if (data === NOT_JSON) throw new ApiError(response.status, 'INTERNAL');
  return data as T;
}

/** A typed call whose answer carries nothing to read (204, or an answer the caller does not need). */
export async function done(call: Promise<unknown>): Promise<void> {
  await call;
}

/** Raw bytes for a route that takes a file as its body; an iPhone's HEIC often arrives without a type. */
export const fileBody = (file: Blob, signal?: AbortSignal) => ({
  init: {
    body: file,
    headers: { 'content-type': file.type || 'application/octet-stream' },
    ...(signal ? { signal } : {}),
  },
});

/** The paths of better-auth that the server mounts under /api/auth (decision 038): outside our route definitions. */
type AuthPath =
  | 'get-session'
  | 'sign-out'
  | 'sign-in/email'
  | 'sign-up/email'
  | 'request-password-reset'
  | 'reset-password'
  | 'reset-password/status'
  | 'change-password';

/** The ones that read rather than change: sent as GET, with `query` in the address. */
const AUTH_READS: ReadonlySet<AuthPath> = new Set(['get-session', 'reset-password/status']);

/**
 * A call to better-auth's endpoints, which are not described by our route definitions (decision 045): the same wire
 * as the typed client, with `parse` checking the answer where it is read.
 */
export async function authRequest<T = unknown>(
  path: AuthPath,
  options: { body?: object; query?: Record<string, string>; parse?: (data: unknown) => T } = {},
): Promise<T> {
  const { body, query, parse } = options;
  const init: RequestInit = AUTH_READS.has(path)
    ? { method: 'GET' }
    : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) };
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  const response = await apiFetch(`/api/auth/${path}${search}`, init);
  const data = await readJson(response);
  if (data === NOT_JSON) throw new ApiError(response.status, 'INTERNAL');
  if (!parse) return data as T;
  try {
    return parse(data);
  } catch (cause) {
    // The answer does not match the expected shape: a contract drift, worth seeing in the console.
    console.error(`Unexpected answer from /api/auth/${path}`, cause);
    throw new ApiError(response.status, 'INTERNAL');
  }
}

/** The Swedish text for any thrown value: the server's code when it is an ApiError, otherwise INTERNAL. */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? sv.errors[error.code] : sv.errors.INTERNAL;
}
