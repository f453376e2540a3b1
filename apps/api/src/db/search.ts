import { ilike, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Case-insensitive "contains", with LIKE's wildcards in the search text taken literally. */
export function containsText(column: AnyPgColumn, text: string): SQL {
  return ilike(column, `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
}
