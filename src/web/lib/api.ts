import { isErrorCode, type ErrorCode, type FieldErrors } from '#shared/errors.ts';
import * as sv from '#shared/i18n/sv.ts';

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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
  /** Validates the answer, e.g. `someResponse.parse`; without it the body is trusted as T. */
  parse?: (data: unknown) => T;
}

const sessionLostListeners = new Set<() => void>();

/** Called whenever an API call answers 401 for a reason other than a wrong password: the session is gone. */
export function onSessionLost(listener: () => void): () => void {
  sessionLostListeners.add(listener);
  return () => sessionLostListeners.delete(listener);
}

const NOT_JSON = Symbol('not-json');

async function readJson(response: Response): Promise<unknown> {
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
    return new ApiError(status, 'INTERNAL');
  }
  const fields = 'fields' in error && typeof error.fields === 'object' ? (error.fields as FieldErrors) : undefined;
  const requestId = 'requestId' in error && typeof error.requestId === 'string' ? error.requestId : undefined;
  return new ApiError(status, error.code, fields ?? undefined, requestId);
}

/** The one way the web talks to /api: JSON in and out, same-origin cookies, failures as ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, signal, parse } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    const init: RequestInit = { method, headers, credentials: 'same-origin', signal: signal ?? null };
    if (body !== undefined) init.body = JSON.stringify(body);
    response = await fetch(path, init);
  } catch (error) {
    // An abort is TanStack Query cancelling a stale request, not a failure to show.
    if (signal?.aborted) throw error;
    throw new ApiError(NETWORK_FAILURE, 'INTERNAL');
  }
  const data = await readJson(response);
  if (!response.ok) {
    const error = errorFrom(response.status, data);
    if (error.status === 401 && error.code !== 'INVALID_CREDENTIALS')
      sessionLostListeners.forEach((notify) => notify());
    throw error;
  }
  if (data === NOT_JSON) throw new ApiError(response.status, 'INTERNAL');
  if (!parse) return data as T;
  try {
    return parse(data);
  } catch (cause) {
    // The answer does not match the shared schema: a contract drift, worth seeing in the console.
    console.error(`Unexpected answer from ${method} ${path}`, cause);
    throw new ApiError(response.status, 'INTERNAL');
  }
}

type Options<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options?: Options<T>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body: unknown = {}, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Options<T>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** The Swedish text for any thrown value: the server's code when it is an ApiError, otherwise INTERNAL. */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? sv.errors[error.code] : sv.errors.INTERNAL;
}
