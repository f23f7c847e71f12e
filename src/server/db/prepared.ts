import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/** Prepared queries per database handle and name; a handle that is gone takes its queries with it. */
const byHandle = new WeakMap<object, Map<string, unknown>>();

/**
 * A query of the request path, built and prepared once per database handle under `name` (decision 070): drizzle does
 * not assemble its SQL again, and PostgreSQL parses it once per connection instead of on every request. A
 * transaction builds it for itself each time, since the kept one runs on the pool. `build` must depend on nothing
 * but the handle: values go in as placeholders.
 */
export function prepared<Q>(db: DbOrTx, name: string, build: (db: DbOrTx) => Q): Q {
  if (db instanceof PgTransaction) return build(db);
  let queries = byHandle.get(db);
  if (!queries) byHandle.set(db, (queries = new Map()));
  let query = queries.get(name) as Q | undefined;
  if (!query) queries.set(name, (query = build(db)));
  return query;
}
