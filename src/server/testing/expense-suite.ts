import { randomUUID } from 'node:crypto';
import type { Agent } from 'node:https';
import type { CreateExpenseBody } from '#shared/api/expenses.ts';
import type { Storage } from '../lib/storage.ts';
import { insertGroup, insertMember, spaceJoinTimes } from './factories.ts';
import { createTestServer } from './harness.ts';
import type { TestClient, TestServer } from './harness.ts';

// Shared set-up of the expense integration suites; each test still acts only through the HTTP routes.

export const startServer = (
  env: Record<string, string> = {},
  overrides: { storage?: Storage; pushAgent?: Agent; today?: () => string } = {},
) =>
  createTestServer({
    ...overrides,
    env,
    authRateRules: {
      signIn: { limit: 1000, windowMs: 60_000 },
      signUp: { limit: 1000, windowMs: 60_000 },
      reset: { limit: 10, windowMs: 60_000 },
    },
  });

export type Person = { client: TestClient; userId: string; memberId: string; name: string };

/** A group owned by the first of `names`, the others members, each signed in in their own client. */
export async function groupOf(
  server: TestServer,
  names: string[],
  options: { currency?: 'SEK' | 'EUR' | 'USD'; isSettled?: boolean; groupName?: string } = {},
) {
  const db = server.database.db;
  const signedUp = [];
  for (const name of names) signedUp.push(await server.signUp({ name }));
  const [first] = signedUp;
  if (!first) throw new Error('a group needs someone');
  const { group, owner } = await insertGroup(db, {
    ownerId: first.user.id,
    name: options.groupName ?? 'Fjällresa',
    currency: options.currency,
    isSettled: options.isSettled,
  });
  const members = [owner];
  for (const person of signedUp.slice(1))
    members.push(await insertMember(db, { groupId: group.id, userId: person.user.id }));
  await spaceJoinTimes(db, members.map((member) => member.id));
  const people: Person[] = signedUp.map((s, i) => ({
    client: s.client,
    userId: s.user.id,
    memberId: members[i]?.id ?? '',
    name: names[i] ?? '',
  }));
  return { group, people };
}

/** A valid expense body: 300 kr paid by `payer`, split equally between `participants`. */
export function expenseBody(
  payer: Person,
  participants: Person[],
  overrides: Partial<CreateExpenseBody> = {},
): CreateExpenseBody {
  return {
    id: randomUUID(),
    totalOre: 30_000,
    currency: 'SEK',
    expenseDate: '2026-11-20',
    merchant: 'ICA Maxi',
    category: 'mat',
    note: null,
    payerMemberId: payer.memberId,
    split: { method: 'equal', participants: participants.map((p) => ({ memberId: p.memberId })) },
    manualRateMicros: null,
    imageId: null,
    ...overrides,
  };
}
