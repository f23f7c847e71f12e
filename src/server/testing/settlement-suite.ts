import { eq } from 'drizzle-orm';
import { profiles } from '../db/schema/index.ts';
import { insertGroup, insertMember, insertExpense, spaceJoinTimes } from './factories.ts';
import type { TestServer } from './harness.ts';
import type { Person } from './expense-suite.ts';

// Shared set-up of the settlement integration suites; each test still acts only through the HTTP routes. The server
// and the people are the expense suites' own.

export { startServer } from './expense-suite.ts';
export type { Person } from './expense-suite.ts';

/** A group whose first person owns it and the rest are members; phones go into their profiles. */
export async function groupOf(
  server: TestServer,
  people: Array<{ name: string; phone?: string }>,
  options: { currency?: 'SEK' | 'EUR' | 'USD'; groupName?: string } = {},
) {
  const db = server.database.db;
  const signedUp = [];
  for (const person of people) signedUp.push(await server.signUp({ name: person.name }));
  const [first] = signedUp;
  if (!first) throw new Error('a group needs someone');
  const { group, owner } = await insertGroup(db, {
    ownerId: first.user.id,
    name: options.groupName ?? 'Fjällresa',
    currency: options.currency ?? 'SEK',
  });
  const members = [owner];
  for (const person of signedUp.slice(1))
    members.push(await insertMember(db, { groupId: group.id, userId: person.user.id }));
  await spaceJoinTimes(db, members.map((member) => member.id));
  for (const [i, person] of people.entries()) {
    const user = signedUp[i];
    if (person.phone && user)
      await db.update(profiles).set({ phone: person.phone }).where(eq(profiles.userId, user.user.id));
  }
  const persons: Person[] = signedUp.map((s, i) => ({
    client: s.client,
    userId: s.user.id,
    memberId: members[i]?.id ?? '',
    name: people[i]?.name ?? '',
  }));
  return { group, persons };
}

/** An expense paid by `payer` whose whole amount is `debtor`'s share: payer +amount, debtor −amount. */
export async function owe(
  server: TestServer,
  groupId: string,
  payer: Person,
  debtor: Person,
  amountOre: number,
  extra: { currency?: string; rateMicros?: number; expenseDate?: string } = {},
) {
  return insertExpense(server.database.db, {
    groupId,
    payerMemberId: payer.memberId,
    totalOre: amountOre,
    shares: [{ memberId: debtor.memberId, shareOre: amountOre }],
    ...extra,
  });
}
