import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { sqlArray } from '../../db/sql-arrays.ts';

/** Rows per query: a drop's pack ids are asked for in slices, each an index scan of editions_pack_idx. */
const CHUNK = 10_000;

/** The editions of the given packs (product and serial), for a drop's provenance: by pack, product, serial. */
export async function editionsInPacks(
  db: Db,
  packIds: readonly string[],
): Promise<{ packId: string; productId: string; serialNumber: number }[]> {
  const found: { packId: string; productId: string; serialNumber: number }[] = [];
  for (let start = 0; start < packIds.length; start += CHUNK) {
    const rows = await queryRows<{ pack_id: string; product_id: string; serial_number: number }>(
      db,
      sql`select pack_id, product_id, serial_number from editions
          where pack_id = any(${sqlArray(packIds.slice(start, start + CHUNK))}::uuid[])`,
    );
    for (const row of rows)
      found.push({ packId: row.pack_id, productId: row.product_id, serialNumber: row.serial_number });
  }
  return found;
}
