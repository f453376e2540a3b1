import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passes } from './passes.tables.ts';

/** What a purchase needs of a pass: its price, limit, sale window, validity, and whether collectors may see it. */
export interface TSalePass {
  id: string;
  brandId: string;
  name: string;
  imageUrl: string;
  price: number;
  perPersonLimit: number | null;
  saleBeginAt: Date;
  saleEndAt: Date;
  validFrom: Date;
  validUntil: Date;
  isPublished: boolean;
}

/**
 * Route: POST /v1/orders and /v2/orders with a passId, GET /v1/orders/fee, the order's payment and release (through
 * orders/sale-items.ts) · Reads: passes · Tests: passes.test.ts, pass-publication.test.ts.
 *
 * The pass as it is now, read on every purchase (one primary-key read): unlike a published drop, the console may
 * still change a pass's price or window, and a purchase is priced as the pass costs now (refused with PRICE_CHANGED
 * when that is not the total the buyer was shown, orders/purchase-round.ts's agreedPrice). Passes are not the drop
 * rush's path.
 */
export async function getSalePass(db: Db, passId: string): Promise<TSalePass | null> {
  const [pass] = await db
    .select({
      id: passes.id,
      brandId: passes.brandId,
      name: passes.name,
      imageUrl: passes.imageUrl,
      price: passes.price,
      perPersonLimit: passes.perPersonLimit,
      saleBeginAt: passes.saleBeginAt,
      saleEndAt: passes.saleEndAt,
      validFrom: passes.validFrom,
      validUntil: passes.validUntil,
      isPublished: sql<boolean>`${passes.status} = 'PUBLISHED'`,
    })
    .from(passes)
    .where(eq(passes.id, passId));
  return pass ?? null;
}
