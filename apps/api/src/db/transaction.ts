import type { Db } from './client.ts';

/**
 * Runs `work` in one database transaction and hands it the transaction handle (house rule 9). Everything inside must
 * use `tx`, never the outer handle: on PGlite the outer handle waits for this transaction to end, which never comes.
 * Outside calls (payments, mail, SMS) do not belong inside either (rule 7): record the intent, commit, then call.
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}
