import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { onTestFinished } from 'vitest';
import { MIGRATIONS_DIR } from '../db/client.ts';
import type { Database } from '../db/client.ts';
import { ledgerVersions } from '../db/schema/index.ts';
import { createEmptyTestDatabase } from './database.ts';

// Tests of one migration run on a database that already holds data written at the level before it.

/** The migrations folder as it was before `tag`: the same files, with the journal cut off there. */
export function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kvitt-migrations-'));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  fs.writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

/** A fresh database of this project's kind migrated up to just before `tag`, closed when the test ends. */
export async function databaseBefore(tag: string): Promise<Database> {
  const database = await createEmptyTestDatabase();
  onTestFinished(() => database.close());
  await database.migrate(migrationsBefore(tag));
  return database;
}

export async function rowsOf<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

export const ledgerVersion = async (database: Database, groupId: string) =>
  (await database.db.select().from(ledgerVersions).where(eq(ledgerVersions.groupId, groupId)))[0]?.version ?? 0;

/**
 * Anna (owner) and Bo in the group Stugan, written with SQL as every level of the schema has them, then `more`
 * statements that use the ids; answers the ids.
 */
export async function seedGroupOfTwo(
  database: Database,
  more: (ids: { group: string; anna: string; bo: string }) => Array<ReturnType<typeof sql>>,
) {
  const ids = { group: randomUUID(), anna: randomUUID(), bo: randomUUID() };
  const statements = [
    sql`insert into users (id, name, email) values ('u-anna', 'Anna', 'anna@example.se'), ('u-bo', 'Bo', 'bo@example.se')`,
    sql`insert into groups (id, name, owner_id, invite_code) values (${ids.group}, 'Stugan', 'u-anna', 'ABCD2345')`,
    sql`insert into group_members (id, group_id, user_id, role, joined_at) values
          (${ids.anna}, ${ids.group}, 'u-anna', 'owner', '2026-11-01T10:00:00Z'),
          (${ids.bo}, ${ids.group}, 'u-bo', 'member', '2026-11-02T10:00:00Z')`,
    ...more(ids),
  ];
  for (const statement of statements) await database.db.execute(statement);
  return ids;
}
