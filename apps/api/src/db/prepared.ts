import type { Db } from './client.ts';

const preparedByDb = new WeakMap<Db, Map<string, unknown>>();

/**
 * A query built once per database handle and kept: drizzle's builder (and PostgreSQL's parse of a named statement)
 * then runs once instead of on every request. For the reads every authorized request makes; `build` must use only
 * placeholders for what changes between calls.
 */
export function preparedQuery<T>(db: Db, name: string, build: (db: Db) => T): T {
  let prepared = preparedByDb.get(db);
  if (!prepared) {
    prepared = new Map();
    preparedByDb.set(db, prepared);
  }
  if (!prepared.has(name)) prepared.set(name, build(db));
  return prepared.get(name) as T;
}
