import { openDatabase } from '../db/client.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * A second API instance on the first one's PostgreSQL database, with a connection pool of its own and the same
 * clock: what a race between instances needs (each has its own batcher and caches, and they meet only in PostgreSQL).
 * PostgreSQL only; `first` must have been made with TEST_DATABASE_URL set.
 */
export async function secondInstance(
  first: TestApp,
  options: Omit<Parameters<typeof createTestApp>[0], 'database' | 'clock'> = {},
): Promise<{ app: TestApp; close(): Promise<void> }> {
  const pool = await openDatabase({ databaseUrl: first.database.pool!.options.connectionString!, poolSize: 12 });
  const app = await createTestApp({ ...options, database: pool, clock: first.clock });
  return {
    app,
    async close() {
      await app.close();
      await pool.close();
    },
  };
}
