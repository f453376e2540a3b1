import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Runs hand-written SQL and returns its rows. Both drivers answer `{ rows }`; bigint and numeric columns arrive as
 * strings from pg and as numbers from PGlite, so callers convert them with Number().
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
