import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `column in ('A', 'B')` for a CHECK constraint, written from the contract's list so the database refuses exactly
 * what the API refuses. The values are our own constants, never input; the pattern check keeps it that way.
 */
export function isOneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  for (const value of values) {
    if (!/^[A-Za-z0-9_]+$/.test(value)) throw new Error(`not a plain enum value: ${value}`);
  }
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;
}
