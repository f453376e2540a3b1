import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Runs hand-written SQL, sending it at once. drizzle's `db.execute(query)` sends its statement only when awaited, a
 * microtask later, so two calls awaited together can go out in either order; this sends in the order of the calls,
 * which a pipelined transaction relies on to keep the lock order (db/pipelined-transaction.ts).
 */
export function executeNow(db: Db, query: SQL): Promise<unknown> {
  return db.execute(query).execute();
}

/**
 * Runs hand-written SQL (sent at once, as executeNow) and returns its rows. Both drivers answer `{ rows }`; bigint and
 * numeric columns arrive as strings from pg and as numbers from PGlite, so callers convert them with Number().
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await executeNow(db, query)) as { rows: T[] };
  return result.rows;
}
