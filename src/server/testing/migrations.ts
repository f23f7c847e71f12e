import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { MIGRATIONS_DIR } from '../db/client.ts';
import type { Database } from '../db/client.ts';
import { ledgerVersions } from '../db/schema/index.ts';

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

export async function migrateFrom(database: Database, migrationsFolder: string): Promise<void> {
  if (database.kind === 'pglite') await migratePglite(database.db as never, { migrationsFolder });
  else await migratePostgres(database.db as never, { migrationsFolder });
}

export async function rowsOf<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

export const ledgerVersion = async (database: Database, groupId: string) =>
  (await database.db.select().from(ledgerVersions).where(eq(ledgerVersions.groupId, groupId)))[0]?.version ?? 0;
