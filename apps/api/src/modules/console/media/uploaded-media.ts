import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { auditLog } from '../console.tables.ts';

/**
 * Route: none; catalog's set-product-artworks.ts asks it · Reads: audit_log · Tests:
 * catalog/console/products/product-artworks.test.ts.
 *
 * Which of these storage keys `uploaderId` uploaded through the console (POST /v1/console/media), as their audit rows
 * say: so an address given back to the API names a file whose content was checked here, not any name in the store, or
 * none; and one this operator uploaded, not another brand's artwork whose address they came to know.
 */
export async function uploadedMediaKeys(tx: Db, keys: readonly string[], uploaderId: string): Promise<Set<string>> {
  const distinct = [...new Set(keys)];
  if (distinct.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ key: auditLog.entityId })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, 'media'),
        eq(auditLog.action, 'upload'),
        eq(auditLog.actorUserId, uploaderId),
        inArray(auditLog.entityId, distinct),
      ),
    );
  return new Set(rows.map((row) => row.key));
}
