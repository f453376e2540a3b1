import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { sqlArray } from '../../db/sql-arrays.ts';

/**
 * Each product's highest edition serial number (0 for a product without editions): one probe of
 * editions_product_serial_key per product. A caller that takes the numbers after these holds the products' locks
 * (productsByIds with `lock`) and reads this after taking them, so it sees what an earlier holder committed.
 */
export async function highestSerialNumbers(tx: Db, productIds: readonly string[]): Promise<Map<string, number>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; highest: number | string | null }>(
    tx,
    sql`select p.id, (select max(e.serial_number) from editions e where e.product_id = p.id) as highest
        from unnest(${sqlArray(ids)}::uuid[]) as p(id)`,
  );
  return new Map(rows.map((row) => [row.id, Number(row.highest ?? 0)]));
}
