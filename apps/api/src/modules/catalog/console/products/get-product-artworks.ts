import type { TProductArtworks } from '@cypher/contract';
import type { Db } from '../../../../db/client.ts';
import { managedBy, type Operator } from '../../../../http/operator-guard.ts';
import { artworkProduct, productArtworksView } from './product-artworks.ts';

/**
 * Route: GET /v1/console/products/{id}/artworks (console-products.routes.ts) · Reads: products, product_artworks,
 * editions and drop_contents (how many editions exist) · UI: web features/console/sections/generative-artwork-section.tsx
 * · Tests: product-artworks.test.ts.
 *
 * A product's generative artwork in serial order, and whether it may still change (decision record 58).
 */
export async function getProductArtworks(db: Db, operator: Operator, productId: string): Promise<TProductArtworks> {
  const product = await artworkProduct(db, productId);
  managedBy(operator, product, product.brandId);
  return productArtworksView(db, product);
}
