import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { sqlArray } from '../../db/sql-arrays.ts';

/**
 * Rows per INSERT: a 2,000,000-edition drop takes 200 statements rather than millions, and one statement's arrays stay
 * a few hundred kilobytes.
 */
const CHUNK = 10_000;

export interface TPackEdition {
  productId: string;
  serialNumber: number;
  packId: string;
}

/**
 * Writes: editions. A published drop's editions, each in its pack, without an owner (opening the pack gives them
 * one), STANDARD, no resource. Set-wise from arrays: product ids travel once per statement and each edition names
 * its product by position in that list. A serial number another writer took first is EDITION_NUMBERS_TAKEN (the
 * unique index is the last defence behind the product locks).
 */
export async function createPackEditions(tx: Db, editions: readonly TPackEdition[], createdAt: Date): Promise<void> {
  const productIds = [...new Set(editions.map((edition) => edition.productId))];
  const positionOf = new Map(productIds.map((productId, index) => [productId, index + 1]));
  try {
    for (let start = 0; start < editions.length; start += CHUNK) {
      const chunk = editions.slice(start, start + CHUNK);
      await tx.execute(
        sql`insert into editions (id, product_id, serial_number, pack_id, owner_user_id, type, resource_uri, created_at)
            select e.id, (${sqlArray(productIds)}::uuid[])[e.product_position], e.serial_number, e.pack_id,
                   null, 'STANDARD', null, ${createdAt.toISOString()}::timestamptz
            from unnest(${sqlArray(chunk.map(() => newId()))}::uuid[],
                        ${sqlArray(chunk.map((edition) => positionOf.get(edition.productId)!))}::int[],
                        ${sqlArray(chunk.map((edition) => edition.serialNumber))}::int[],
                        ${sqlArray(chunk.map((edition) => edition.packId))}::uuid[])
              as e(id, product_position, serial_number, pack_id)`,
      );
    }
  } catch (error) {
    if (isUniqueViolation(error, 'editions_product_serial_key')) {
      throw new AppError('EDITION_NUMBERS_TAKEN', { cause: error });
    }
    throw error;
  }
}
