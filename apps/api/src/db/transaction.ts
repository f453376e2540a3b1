import type { Db } from './client.ts';
import type { TTransactionRunner } from './pipelined-transaction.ts';

/**
 * Runs `work` in one database transaction and hands it the transaction handle (house rule 9). Everything inside must
 * use `tx`, never the outer handle: on PGlite the outer handle waits for this transaction to end, which never comes.
 * Outside calls (payments, mail, SMS) do not belong inside either (rule 7): record the intent, commit, then call.
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}

/**
 * How many times a transaction that PostgreSQL chose as a deadlock victim or refused for a serialization failure is
 * run again before the failure reaches the caller.
 */
const CONFLICT_ATTEMPTS = 4;

/**
 * THE lock order of the purchase path, for every transaction that takes more than one of these rows (decision
 * record 23; the ledger's own order inside ledger_accounts is decision record 13):
 *
 *   idempotency_keys -> orders -> deposits -> raffle_entries -> purchase_allowances -> ledger_accounts (a person's,
 *   then the house's) -> packs
 *
 * (A purchase in a raffle round holds its buyers' entries FOR KEY SHARE; only the second draw conflicts with that, and
 * it takes none of the rows after them.)
 *
 * (A batch of balance purchases claims its keys first, in one order, inside its transaction; a key another
 * transaction is claiming makes it wait for that one.)
 * A payment webhook locks the order (and its allowance) before the wallet touches the deposit or the ledger
 * (DepositListener.lockFor); the hold timeout locks the order, then gives the allowance back before the packs; a
 * balance purchase locks allowances, then ledger accounts, then claims packs last. Any two of them queue instead of
 * deadlocking. inRetriedTransaction is the second line, for a cycle nobody has found yet.
 *
 * inTransaction for work that is safe to run again from the start: it only reads and writes this database (house
 * rule 7 keeps providers out) and keeps nothing of an attempt in memory, so an attempt that rolled back left no trace.
 * A deadlock (40P01) or serialization failure (40001) rolls the whole attempt back and runs it again, up to
 * CONFLICT_ATTEMPTS times with a short random pause, so the one PostgreSQL picked as the victim is not what a person
 * sees. Every other error, an AppError refusal included, goes to the caller at once.
 */
export function inRetriedTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return inRetriedTransactionOf((attemptWork) => inTransaction(db, attemptWork), work);
}

/** inRetriedTransaction through a runner of its own: Database.pipelined, whose statements may go out together. */
export async function inRetriedTransactionOf<T>(run: TTransactionRunner, work: (tx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run(work);
    } catch (error) {
      if (attempt >= CONFLICT_ATTEMPTS || !isTransactionConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

/** PostgreSQL's deadlock_detected (40P01) and serialization_failure (40001), whether or not drizzle wrapped them. */
function isTransactionConflict(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}
