import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Past this many statements kept on one connection, new texts run unnamed (parsed and planned each time). A kept plan
 * of a large CTE is tens of kilobytes in its backend, times the pool's connections and the instances.
 */
const MAX_PREPARED_PER_CONNECTION = 200;
/**
 * Errors after which a connection's kept statement may be gone or unusable: none (node-postgres could not bind the
 * values and closed the statement, while still counting it as parsed), 26000 (invalid_sql_statement_name: it does not
 * exist), 0A000 (feature_not_supported: "cached plan must not change result type", a table changed under it).
 */
const STALE_STATEMENT_CODES = new Set([undefined, '26000', '0A000']);
/** Names worked out per statement text, shared by the process's connections; cleared when full. */
const MAX_NAMES_REMEMBERED = 5_000;
const namesByText = new Map<string, string>();

function statementName(text: string): string {
  let name = namesByText.get(text);
  if (!name) {
    if (namesByText.size >= MAX_NAMES_REMEMBERED) namesByText.clear();
    name = `s_${createHash('sha1').update(text).digest('hex').slice(0, 32)}`;
    namesByText.set(text, name);
  }
  return name;
}

/**
 * node-postgres's client, with every statement that has parameters run as a prepared statement named by its text
 * (decision record 43), as postgres.js does by default: PostgreSQL parses and plans a statement once per connection
 * instead of on every call, and after five calls may keep a generic plan. In a drop rush most of PostgreSQL's CPU for
 * a purchase batch had been parsing and planning its eight statements, some of them large CTEs, again for every batch
 * (bench README). Statements without parameters (BEGIN, COMMIT, DDL, multi-statement scripts) are sent as they are; a
 * statement drizzle already named keeps its name. A connection keeps at most MAX_PREPARED_PER_CONNECTION of them, so
 * statements whose text varies with their input (an `in (...)` list of any length) cannot grow it without bound.
 * Callers send queries as promises (drizzle, our own code); pg-boss passes plain text to the pool and is left alone.
 */
export class PreparingClient extends pg.Client {
  readonly #prepared = new Set<string>();
  /**
   * Bumped when a kept statement may be stale (STALE_STATEMENT_CODES): from then on this connection prepares every text
   * again under new names, rather than guess which of node-postgres's and the backend's records still hold.
   */
  #generation = 0;
  #isCorked = false;
  /**
   * Settles once the last query asked for outside pipeline mode has: the next one is sent only then. A transaction's
   * code may ask for several at once (`Promise.all` on `tx`); node-postgres queued them itself, but that queue is
   * deprecated (a warning on the first, and an error from pg 9 on), so they wait here instead, in the order asked.
   */
  #lastQuery: Promise<unknown> | null = null;

  // pg.Client#query has many overloads and TypeScript cannot type one override against all of them (`never` stands for
  // "whatever the base returns for these arguments"); this only rewrites a config object and hands everything on.
  override query(...args: unknown[]): never {
    const [config, values] = args;
    let isNamedHere = false;
    if (isUnnamedStatement(config) && Array.isArray(values) && values.length > 0) {
      const name = `${statementName(config.text)}${this.#generation > 0 ? `_${this.#generation}` : ''}`;
      if (this.#prepared.has(name) || this.#prepared.size < MAX_PREPARED_PER_CONNECTION) {
        this.#prepared.add(name);
        args[0] = { ...config, name };
        isNamedHere = true;
      }
    }
    const send = (): unknown => (super.query as (...all: unknown[]) => unknown)(...args);
    let answer: unknown;
    if (this.pipeline) {
      this.#writeTogether();
      answer = send();
    } else {
      answer = this.#afterLastQuery(send, args);
    }
    if (isNamedHere && answer instanceof Promise) {
      const generation = this.#generation;
      // Observed only: the caller still gets the rejection.
      answer.catch((error: unknown) => {
        const code = (error as { code?: string } | null)?.code;
        if (STALE_STATEMENT_CODES.has(code) && this.#generation === generation) {
          this.#generation += 1;
          this.#prepared.clear();
        }
      });
    }
    return answer as never;
  }

  /**
   * Sends a promised query once the one before it has settled (answered or refused, as node-postgres's own queue
   * would), or at once when none is in flight. A query with a callback or a submittable (none of ours) goes straight
   * on, as before.
   */
  #afterLastQuery(send: () => unknown, args: readonly unknown[]): unknown {
    const [config] = args;
    const isPromised =
      typeof args.at(-1) !== 'function' &&
      !(typeof config === 'object' && config !== null && ('submit' in config || 'callback' in config));
    if (!isPromised) return send();
    const answer = this.#lastQuery ? this.#lastQuery.then(send, send) : (send() as Promise<unknown>);
    const settled = answer.then(ignore, ignore);
    this.#lastQuery = settled;
    void settled.then(() => {
      if (this.#lastQuery === settled) this.#lastQuery = null;
    });
    return answer;
  }

  /**
   * In pipeline mode (db/pipelined-transaction.ts) the statements asked for together go out in one socket write: the
   * socket is corked until the process's next-tick queue runs, which is after the promise jobs queued now (a batch
   * sends from those). node-postgres corks each query's own messages, but
   * writes each query apart, and those writes were an eighth of an instance's CPU samples in a drop rush.
   */
  #writeTogether(): void {
    if (this.#isCorked) return;
    const stream = (this as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
    this.#isCorked = true;
    stream.cork();
    process.nextTick(() => {
      this.#isCorked = false;
      stream.uncork();
    });
  }
}

const ignore = (): void => undefined;

function isUnnamedStatement(config: unknown): config is { text: string; name?: undefined } {
  if (typeof config !== 'object' || config === null) return false;
  const { text, name, submit } = config as { text?: unknown; name?: unknown; submit?: unknown };
  return typeof text === 'string' && name === undefined && submit === undefined;
}
