import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbKind: 'pglite' | 'postgres';
    /** pglite: path of a migrated data-dir dump; postgres: URL of a migrated template database. */
    dbTemplate: string;
    /** pglite: path of a dump of a new, unmigrated database, so tests of migrations skip initdb; postgres: unused. */
    dbEmptyTemplate: string;
  }
}

/** The server every PostgreSQL test database is created on; CI points it at the local server. */
export const testServerUrl = () => process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Migrates one template per run: copying it is ~10× faster than migrating a fresh database in every test file.
 * An unreachable PostgreSQL fails the run here instead of silently skipping the suite.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = project.name.endsWith('postgres') ? 'postgres' : 'pglite';
  project.provide('dbKind', kind);
  if (kind === 'pglite') {
    const database = await openPglite();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kvitt-pglite-'));
    const dumpTo = async (name: string) => {
      const pglite = (database as unknown as { pglite: { dumpDataDir(c: 'none'): Promise<Blob> } }).pglite;
      const file = path.join(dir, name);
      fs.writeFileSync(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
      return file;
    };
    project.provide('dbEmptyTemplate', await dumpTo('empty.tar'));
    await database.migrate();
    project.provide('dbTemplate', await dumpTo('template.tar'));
    await database.close();
    return async () => fs.rmSync(dir, { recursive: true, force: true });
  }

  const serverUrl = testServerUrl();
  const name = `kvitt_template_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`PostgreSQL at ${serverUrl} is not reachable (set TEST_DATABASE_URL): ${(error as Error).message}`, { cause: error });
  }
  await admin.query(`create database ${name}`);
  const templateUrl = withDatabase(serverUrl, name);
  const database = await openPostgres(templateUrl, { max: 1 });
  await database.migrate();
  await database.close();
  project.provide('dbTemplate', templateUrl);
  project.provide('dbEmptyTemplate', '');
  return async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
