import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres } from '../db/client.ts';
import type { Database } from '../db/client.ts';
import { testServerUrl, withDatabase } from './global-setup.ts';

let counter = 0;
// The embedded database in its own thread unless PGLITE_THREAD=main, so the suite can prove both (decision 066).
const thread = process.env.PGLITE_THREAD === 'main' ? 'main' : 'worker';

/** A fresh, migrated database of the kind this test project runs on, copied from the run's template. */
export async function createTestDatabase(): Promise<Database> {
  const template = inject('dbTemplate');
  if (inject('dbKind') === 'pglite') return openPglite({ loadDataDir: new Blob([fs.readFileSync(template)]), thread });
  return createPostgresDatabase(new URL(template).pathname.slice(1));
}

/** A fresh database of this project's kind without any migration, for tests of the migrations themselves. */
export async function createEmptyTestDatabase(): Promise<Database> {
  if (inject('dbKind') === 'pglite') {
    return openPglite({ loadDataDir: new Blob([fs.readFileSync(inject('dbEmptyTemplate'))]), thread });
  }
  return createPostgresDatabase(null);
}

async function createPostgresDatabase(templateName: string | null): Promise<Database> {
  const name = `kvitt_test_${process.pid}_${Date.now()}_${counter++}`;
  const admin = new pg.Client({ connectionString: testServerUrl() });
  await admin.connect();
  try {
    await admin.query(templateName ? `create database ${name} template ${templateName}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(testServerUrl(), name);
  const database = await openPostgres(url, { max: 5, onError: () => {} });
  const close = () => database.close();
  return {
    ...database,
    // Exposed for tests that need a second, independent connection; not part of the Database contract.
    ...({ url } as object),
    close: async () => {
      await close();
      const dropper = new pg.Client({ connectionString: testServerUrl() });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
