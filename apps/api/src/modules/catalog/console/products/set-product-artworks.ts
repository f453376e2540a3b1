import { eq, sql } from 'drizzle-orm';
import {
  productArtworkMessages as m,
  type TFieldError,
  type TProductArtworks,
  type TSetProductArtworksRequest,
} from '@cypher/contract';
import type { AppContext } from '../../../../app-context.ts';
import type { Db } from '../../../../db/client.ts';
import { sqlArray } from '../../../../db/sql-arrays.ts';
import { inTransaction } from '../../../../db/transaction.ts';
import { AppError } from '../../../../http/app-error.ts';
import { assertCanManageBrand, type Operator } from '../../../../http/operator-guard.ts';
import { uploadedMediaKeys } from '../../../console/media/uploaded-media.ts';
import { recordAudit } from '../../../console/audit/record-audit.ts';
import { productArtworks } from '../../catalog.tables.ts';
import { artworkProduct, editionsMadeOf, productArtworksView, type TArtworkProduct } from './product-artworks.ts';

/**
 * Route: PUT /v1/console/products/{id}/artworks (console-products.routes.ts) · Writes: product_artworks, audit_log ·
 * Reads: products (locked), editions and drop_contents (how many exist), audit_log (console uploads, through console's uploadedMediaKeys) · UI: web
 * features/console/sections/generative-artwork-section.tsx · Tests: product-artworks.test.ts.
 *
 * Replaces a product's generative artwork: image n becomes the resource of the edition numbered n when it is minted
 * (collection's createPackEditions); an empty list makes the product STANDARD again. Rules (decision record 58):
 * - only while no edition is minted or set aside (PRODUCT_ARTWORKS_FIXED): a holder's "#3" keeps the picture it was
 *   sold with. Read under the product's lock, which a drop's publication takes before it sets serial numbers aside,
 *   so no drop mints between this check and the write;
 * - a limited product only, one image per edition (PRODUCT_ARTWORKS_INVALID, field `resourceUris`);
 * - each image uploaded through POST /v1/console/media by this operator, as its audit row says (field
 *   `resourceUris.<n>`): the address alone could name any file in the store, or none, or another brand's upload.
 */
export async function setProductArtworks(
  ctx: AppContext,
  operator: Operator,
  productId: string,
  input: TSetProductArtworksRequest,
): Promise<TProductArtworks> {
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    const product = await artworkProduct(tx, productId, { lock: true });
    assertCanManageBrand(operator, product.brandId);
    const editionsMade = await editionsMadeOf(tx, productId);
    if (editionsMade > 0) {
      throw new AppError('PRODUCT_ARTWORKS_FIXED', {
        details: [{ field: 'resourceUris', message: m.fixed(editionsMade) }],
      });
    }
    const uris = input.resourceUris;
    if (uris.length > 0) await assertArtworksFit(tx, operator, product, uris);

    const before = await productArtworksView(tx, product);
    await tx.delete(productArtworks).where(eq(productArtworks.productId, productId));
    if (uris.length > 0) {
      await tx.execute(
        sql`insert into product_artworks (product_id, serial_number, resource_uri)
            select ${productId}::uuid, a.serial_number, a.resource_uri
            from unnest(${sqlArray(uris)}::text[]) with ordinality as a(resource_uri, serial_number)`,
      );
    }
    const after = await productArtworksView(tx, product);
    await recordAudit(tx, {
      actorUserId: operator.userId,
      action: 'update',
      entityType: 'product',
      entityId: productId,
      // The product's name on both sides, as its other entries carry it: the log names the entry by it.
      before: { name: product.name, artworks: before.artworks },
      after: { name: product.name, artworks: after.artworks },
      at: now,
    });
    return after;
  });
}

async function assertArtworksFit(
  tx: Db,
  operator: Operator,
  product: TArtworkProduct,
  uris: readonly string[],
): Promise<void> {
  if (product.editionSize === null) {
    throw new AppError('PRODUCT_ARTWORKS_INVALID', { details: [{ field: 'resourceUris', message: m.openEdition }] });
  }
  const details: TFieldError[] = [];
  if (uris.length !== product.editionSize) {
    details.push({ field: 'resourceUris', message: m.count(product.editionSize, uris.length) });
  }
  const keys = uris.map((uri) => uri.slice('/uploads/'.length));
  const uploadedKeys = await uploadedMediaKeys(tx, keys, operator.userId);
  keys.forEach((key, index) => {
    if (!uploadedKeys.has(key)) details.push({ field: `resourceUris.${index}`, message: m.notUploaded });
  });
  if (details.length > 0) throw new AppError('PRODUCT_ARTWORKS_INVALID', { details });
}
