import { describe, expect, it } from 'vitest';
import { sessionResponse } from '#shared/api/auth.ts';
import { parseSession } from './session-shape.ts';

const user = { id: 'u1', email: 'ada@example.se', name: 'Ada', emailVerified: false, image: null };
const session = { id: 's1', expiresAt: '2026-12-01T10:00:00.000Z', token: 't', userId: 'u1' };

const samples: unknown[] = [
  null,
  { session, user },
  { session: { expiresAt: '2026-12-01T10:00:00.000Z' }, user: { id: 'u1', email: 'a@b.se', name: '' } },
  { session, user: { ...user, name: 42 } },
  { session: { ...session, expiresAt: 1_700_000_000 }, user },
  { session },
  { user },
  'signed out',
  [],
  {},
];

describe('parseSession', () => {
  it('accepts and rejects exactly what the shared sessionResponse schema accepts and rejects', () => {
    for (const sample of samples) {
      const expected = sessionResponse.safeParse(sample);
      if (expected.success) expect(parseSession(sample), JSON.stringify(sample)).toEqual(expected.data);
      else expect(() => parseSession(sample), JSON.stringify(sample)).toThrow();
    }
  });
});
