import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueOccurrences, nextOccurrence } from '#shared/domain/recurrence.ts';
import { todayIso } from '#shared/format.ts';
import type { Database } from './db/client.ts';
import { expenses, recurringExpenses, recurringOccurrences, users } from './db/schema/index.ts';
import { createTestDatabase } from './testing/database.ts';
import { insertGroup } from './testing/factories.ts';
import { healthy, loggedCount, startProcess, stopProcesses } from './testing/processes.ts';
import type { ServerProcess } from './testing/processes.ts';

// Recurring expenses that fell due while no server ran, left for two server processes that start at once on one
// PostgreSQL: each process queues a catch-up run as it starts, and both runs race over the same series.
let database: Database;
const processes: Array<ServerProcess & { dataDir: string }> = [];
const SERIES = 8;
let groupId = '';
let expected = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const userId = randomUUID();
  await db.insert(users).values({ id: userId, name: 'Anna', email: `anna-${userId.slice(0, 8)}@example.se` });
  const { group, owner } = await insertGroup(db, { ownerId: userId, name: 'Hyra' });
  groupId = group.id;
  const today = todayIso();
  // Weekly from 20 weeks back, so every series has about 20 occurrences to catch up.
  const start = new Date(`${today}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - 7 * 20);
  const startDate = start.toISOString().slice(0, 10);
  const timing = { startDate, frequency: 'weekly' as const, endDate: null };
  for (let i = 0; i < SERIES; i += 1) {
    await db.insert(recurringExpenses).values({
      groupId,
      createdByMemberId: owner.id,
      ...timing,
      nextIndex: 1,
      nextDate: nextOccurrence(timing, 1),
      template: {
        totalOre: 10_000 + i,
        currency: 'SEK',
        merchant: `Abonnemang ${i}`,
        category: 'övrigt',
        note: null,
        payerMemberId: owner.id,
        split: { method: 'equal', participants: [{ memberId: owner.id }] },
        manualRateMicros: null,
      },
    });
  }
  expected = SERIES * dueOccurrences(timing, 1, today).length;
  const url = (database as unknown as { url: string }).url;
  const port = 4900 + (process.pid % 400) * 2;
  processes.push(startProcess(port, url), startProcess(port + 1, url));
  await Promise.all(processes.map(healthy));
}, 120_000);

afterAll(async () => {
  await stopProcesses(processes);
  await database?.close();
}, 60_000);

describe('two server processes catching up on recurring expenses', () => {
  it('create every missed occurrence exactly once between them', async () => {
    const started = Date.now();
    while (loggedCount(processes, 'recurring expenses created') < expected && Date.now() - started < 60_000)
      await new Promise((resolve) => setTimeout(resolve, 250));
    expect(loggedCount(processes, 'recurring expenses created')).toBe(expected);

    const db = database.db;
    const made = await db
      .select({ id: expenses.id, date: expenses.expenseDate, total: expenses.totalOre })
      .from(expenses)
      .where(eq(expenses.groupId, groupId));
    expect(made).toHaveLength(expected);
    expect(new Set(made.map((e) => `${e.total}@${e.date}`)).size).toBe(expected);
    const series = await db
      .select({ id: recurringExpenses.id })
      .from(recurringExpenses)
      .where(eq(recurringExpenses.groupId, groupId));
    const occurrences = await db
      .select()
      .from(recurringOccurrences)
      .where(
        inArray(
          recurringOccurrences.seriesId,
          series.map((s) => s.id),
        ),
      );
    expect(occurrences.filter((o) => o.outcome === 'created' && o.expenseId)).toHaveLength(expected);
    // A run that met the other process's work skipped it (SKIP LOCKED) rather than failing.
    for (const p of processes) expect(p.log()).not.toContain('scheduled job failed');
  }, 90_000);
});
