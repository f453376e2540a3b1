import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { Logger } from 'drizzle-orm/logger';
import type pg from 'pg';
import type { Db } from './client.ts';

/** Runs `work` in one transaction and hands it the transaction handle; see pipelinedTransactions. */
export type TTransactionRunner = <T>(work: (tx: Db) => Promise<T>) => Promise<T>;

/** What drizzle keeps of the schema for its relational queries, taken from the pool's handle. */
type TRelationalSchema = ConstructorParameters<typeof NodePgTransaction>[2];

/**
 * Transactions whose statements go to PostgreSQL back to back (decision record 44). node-postgres sends a query only
 * once the one before it has been answered, unless its client is in pipeline mode: then each query is written as soon
 * as it is asked for, each with its own Sync, and the answers come back in order. Inside a transaction that is safe:
 * a statement that fails aborts the transaction, the ones behind it fail too, and nothing commits.
 *
 * So a transaction here costs one round trip per step that needs an answer before it can go on, not one per
 * statement: BEGIN goes out with the first statements `work` sends (drizzle's own transaction waits for BEGIN's
 * answer), and `work` may send several statements before it awaits any (the balance purchase batch sends its keys'
 * claim and its locks together, then its writes together). Statements go out in the order they are sent, so where
 * their order matters (locks) each must be sent by the call itself: drizzle sends a query only when it is awaited, a
 * microtask later, and several awaited together can go out in any order (the race tests caught exactly that: an
 * allowance row's lock read before its insert). executeNow and queryRows (query-rows.ts) send at once, as does a
 * query builder's `.execute()`. Callers that send several at once await them together (Promise.all), so that no
 * rejection goes unhandled; which of them Promise.all reports is not the first sent, so the runner reports the first
 * statement that failed in answer order (causeOf), and refuses any statement sent after the transaction ended.
 *
 * Pipeline mode is switched on for the borrowed connection only, and off again before it goes back to the pool.
 * COMMIT is sent only after `work` has resolved, so a check `work` makes on an answer still rolls everything back.
 */
export function pipelinedTransactions(pool: pg.Pool, db: Db, logger?: Logger): TTransactionRunner {
  // What drizzle's own transactions are made from (NodePgSession.transaction): the handle's dialect and schema.
  const root = db as unknown as {
    dialect: ConstructorParameters<typeof NodePgTransaction>[0];
    _: { fullSchema: unknown; schema: unknown; tableNamesMap: unknown };
  };
  const { dialect } = root;
  const schema = {
    fullSchema: root._.fullSchema,
    schema: root._.schema,
    tableNamesMap: root._.tableNamesMap,
  } as TRelationalSchema;

  return async (work) => {
    const client = await pool.connect();
    const pipelined = client as unknown as { pipeline: boolean };
    pipelined.pipeline = true;
    const lent = new LentConnection(client);
    const session = new NodePgSession(lent as unknown as pg.PoolClient, dialect, schema, { logger });
    let broken: Error | undefined;
    try {
      const begun = lent.query('begin');
      const [, result] = await Promise.all([
        begun,
        work(new NodePgTransaction(dialect, session, schema) as unknown as Db),
      ]);
      const committed = await lent.query('commit');
      // COMMIT of a transaction a statement aborted answers ROLLBACK instead of failing: never take it for a commit.
      if (committed.command !== 'COMMIT') throw new Error(`the transaction ended with ${committed.command}`);
      return result;
    } catch (error) {
      // Behind whatever `work` still has in flight, in order; a connection that cannot roll back is not reused.
      await lent.query('rollback').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw causeOf(error, lent.firstFailure);
    } finally {
      lent.end();
      pipelined.pipeline = false;
      client.release(broken);
    }
  };
}

/**
 * The connection as one transaction sees it. A statement sent after the transaction ended is refused, never written
 * (it would run outside the transaction, or inside the next borrower's). And the first statement to fail is kept:
 * answers come back in order, so it is the cause, and the ones behind it only say that the transaction is aborted.
 */
class LentConnection {
  #isOver = false;
  firstFailure: unknown = null;

  constructor(private readonly client: pg.PoolClient) {}

  query(...args: unknown[]): Promise<pg.QueryResult> {
    if (this.#isOver) return Promise.reject(new Error('a statement was sent after its pipelined transaction ended'));
    const answer = (this.client.query as (...all: unknown[]) => Promise<pg.QueryResult>)(...args);
    // Attached as it is sent, so failures are seen in the order of the answers; the caller still gets its rejection.
    answer.catch((error: unknown) => {
      this.firstFailure ??= error;
    });
    return answer;
  }

  end(): void {
    this.#isOver = true;
  }
}

/**
 * What the caller is told: the statement that failed first, when the error that reached the runner is one behind it
 * (25P02, in_failed_sql_transaction). Several answers can arrive in one read, and Promise.all rejects with the error
 * that reaches it in the fewest steps, not the first sent: a deadlock (40P01) must reach the retry as a deadlock.
 */
function causeOf(error: unknown, firstFailure: unknown): unknown {
  return firstFailure && hasCode(error, '25P02') ? firstFailure : error;
}

function hasCode(error: unknown, code: string): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === code) return true;
  }
  return false;
}
