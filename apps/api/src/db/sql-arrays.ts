import { sql, type Param } from 'drizzle-orm';

/**
 * One bound parameter holding a whole array, for set-wise statements (`unnest($1::uuid[], $2::int[])`): a batch of
 * any size is one statement with a fixed number of parameters, where a VALUES list would bind one per cell.
 */
export function sqlArray<T>(values: readonly T[]): Param<T[]> {
  return sql.param([...values]);
}
