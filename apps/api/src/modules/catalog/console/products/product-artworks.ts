import { asc, count, eq } from 'drizzle-orm';
import type { TProductArtworks } from '@cypher/contract';
import type { Db } from '../../../../db/client.ts';
import { AppError } from '../../../../http/app-error.ts';
import { highestSerialNumbers } from '../../../collection/highest-serial-numbers.ts';
import { highestReservedSerialNumbers } from '../../../drops/drop-products.ts';
import { productArtworks, products } from '../../catalog.tables.ts';

/*
 * Route: none of its own; GET and PUT /v1/console/products/{id}/artworks (get-product-artworks.ts,
 * set-product-artworks.ts) and PATCH /v1/console/products/{id} (update-product.ts, the size check) ask it · Reads:
 * products, product_artworks, editions and drop_contents (through highestSerialNumbers, highestReservedSerialNumbers) ·
 * Writes: nothing · Tests: product-artworks.test.ts.
 *
 * How a product's generative artwork reads, and how many of its editions exist (minted or set aside), which fixes it
 * (decision record 58).
 */

export interface TArtworkProduct {
  id: string;
  name: string;
  brandId: string;
  editionSize: number | null;
}

/**
 * The product, or NOT_FOUND. With `lock`, FOR NO KEY UPDATE, as a drop's, a fusion's or an edition pool's publication
 * locks the products it mints (productsByIds) and update-product.ts locks it (FOR UPDATE): so the artwork is read and
 * written before or after those set serial numbers aside, never between. Not FOR UPDATE, which would make every
 * purchase's activity row (a foreign key to the product) wait for it.
 */
export async function artworkProduct(tx: Db, id: string, options: { lock?: boolean } = {}): Promise<TArtworkProduct> {
  const query = tx
    .select({ id: products.id, name: products.name, brandId: products.brandId, editionSize: products.editionSize })
    .from(products)
    .where(eq(products.id, id));
  const [row] = options.lock ? await query.for('no key update') : await query;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * Editions minted (a published drop's, a fusion's results, an edition pool) or set aside (a drop being published):
 * the same count update-product.ts's assertEditionsAllow reads before it lets the size or rarity change.
 */
export async function editionsMadeOf(tx: Db, productId: string): Promise<number> {
  const [minted, reserved] = await Promise.all([
    highestSerialNumbers(tx, [productId]),
    highestReservedSerialNumbers(tx, [productId]),
  ]);
  return Math.max(minted.get(productId) ?? 0, reserved.get(productId) ?? 0);
}

/** How many artworks the product has: one per edition from #1, or none (a STANDARD product). */
export async function artworkCountOf(tx: Db, productId: string): Promise<number> {
  const [row] = await tx
    .select({ artworks: count() })
    .from(productArtworks)
    .where(eq(productArtworks.productId, productId));
  return row?.artworks ?? 0;
}

export async function productArtworksView(tx: Db, product: TArtworkProduct): Promise<TProductArtworks> {
  const editionsMade = await editionsMadeOf(tx, product.id);
  const artworks = await tx
    .select({ serialNumber: productArtworks.serialNumber, resourceUri: productArtworks.resourceUri })
    .from(productArtworks)
    .where(eq(productArtworks.productId, product.id))
    .orderBy(asc(productArtworks.serialNumber));
  return {
    productId: product.id,
    editionSize: product.editionSize,
    editionsMade,
    canChange: editionsMade === 0,
    artworks,
  };
}
