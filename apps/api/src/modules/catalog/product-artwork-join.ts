import { sql, type SQL } from 'drizzle-orm';

/**
 * Reads: product_artworks · Route: none; collection's createPackEditions composes it into its INSERT ... SELECT ·
 * Tests: catalog/console/products/product-artworks.test.ts.
 *
 * A LEFT JOIN of each minted edition's generative artwork (decision record 58), as `artwork.resource_uri`: null for
 * a product without one for that serial number. `productId` and `serialNumber` are the SQL expressions naming them in
 * the statement it joins.
 */
export function productArtworkJoin(productId: SQL, serialNumber: SQL): SQL {
  return sql`left join product_artworks artwork
               on artwork.product_id = ${productId} and artwork.serial_number = ${serialNumber}`;
}
