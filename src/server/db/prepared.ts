import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/** Built queries per database handle and key; a handle that is gone takes its queries with it. */
const byHandle = new WeakMap<object, Map<string, unknown>>();

/**
 * A query of the request path, built once per database handle and kept under `key` (decision 070), so drizzle does
 * not assemble its SQL again. Prepared under a name, PostgreSQL also parses it once per connection; prepared unnamed
 * (''), it is parsed and planned with its values on every run. A transaction builds it for itself each time, since
 * the kept one runs on the pool. `build` must depend on nothing but the handle: values go in as placeholders.
 */
export function prepared<Q>(db: DbOrTx, key: string, build: (db: DbOrTx) => Q): Q {
  if (db instanceof PgTransaction) return build(db);
  let queries = byHandle.get(db);
  if (!queries) byHandle.set(db, (queries = new Map<string, unknown>()));
  let query = queries.get(key) as Q | undefined;
  if (!query) queries.set(key, (query = build(db)));
  return query;
}
