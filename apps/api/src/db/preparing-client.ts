import { createHash } from 'node:crypto';
import pg from 'pg';

/** Past this many statements kept on one connection, new texts run unnamed (parsed and planned each time). */
const MAX_PREPARED_PER_CONNECTION = 1_000;
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
 */
export class PreparingClient extends pg.Client {
  readonly #prepared = new Set<string>();

  // The overloads of pg.Client#query are many; this only rewrites a config object and hands everything on.
  override query(...args: unknown[]): never {
    const [config, values] = args;
    if (isUnnamedStatement(config) && Array.isArray(values) && values.length > 0) {
      const name = statementName(config.text);
      if (this.#prepared.has(name) || this.#prepared.size < MAX_PREPARED_PER_CONNECTION) {
        this.#prepared.add(name);
        args[0] = { ...config, name };
      }
    }
    return (super.query as (...all: unknown[]) => never)(...args);
  }
}

function isUnnamedStatement(config: unknown): config is { text: string; name?: undefined } {
  if (typeof config !== 'object' || config === null) return false;
  const { text, name, submit } = config as { text?: unknown; name?: unknown; submit?: unknown };
  return typeof text === 'string' && name === undefined && submit === undefined;
}
