import { errorStatus } from '#shared/errors.ts';
import { errorBody } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { mapAuthError } from './errors.ts';

const TOKEN_KEY = /token$/i;

/**
 * A copy of a better-auth answer without any field named like a token (`token`, `session.token`, each session of
 * list-sessions): the session lives in an httpOnly cookie, and no token may reach the page's JavaScript (decision 038).
 */
export function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !TOKEN_KEY.test(key))
      .map(([key, entry]) => [key, withoutTokens(entry)]),
  );
}

async function jsonOf(response: Response): Promise<{ ok: true; value: unknown } | { ok: false }> {
  try {
    return { ok: true, value: await response.clone().json() };
  } catch {
    return { ok: false };
  }
}

function rewritten(response: Response, body: unknown, status = response.status): Response {
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Response(JSON.stringify(body), { status, headers });
}

/**
 * better-auth's answer as Kvitt's wire shows it: successes with their tokens removed, failures as our error codes
 * (its English messages never reach the client). Its cookies are kept either way.
 */
export async function authAnswer(response: Response, options: { requestId?: string; log: Logger }): Promise<Response> {
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
  if (response.status < 400) {
    if (!isJson) return response;
    const parsed = await jsonOf(response);
    return parsed.ok ? rewritten(response, withoutTokens(parsed.value)) : response;
  }
  const parsed = isJson ? await jsonOf(response) : { ok: false as const };
  const authCode = parsed.ok ? (parsed.value as { code?: unknown } | null)?.code : undefined;
  const { code, fields } = mapAuthError(response.status, authCode);
  if (code === 'INTERNAL') options.log.error({ status: response.status, authCode }, 'better-auth failed');
  return rewritten(response, errorBody(code, fields, options.requestId), errorStatus[code]);
}
