import type { Session } from '#shared/api/auth.ts';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * Reads GET /api/auth/get-session by hand, because zod on every public first load would cost ~6 kB. Its unit test
 * holds it to the shared `sessionResponse` schema, so the two cannot drift apart.
 */
export function parseSession(data: unknown): Session | null {
  if (data === null) return null;
  if (isRecord(data) && isRecord(data.user) && isRecord(data.session)) {
    const { id, email, name } = data.user;
    const { expiresAt } = data.session;
    if (
      typeof id === 'string' &&
      typeof email === 'string' &&
      typeof name === 'string' &&
      typeof expiresAt === 'string'
    ) {
      return { session: { expiresAt }, user: { id, email, name } };
    }
  }
  throw new TypeError('Not a session answer');
}
