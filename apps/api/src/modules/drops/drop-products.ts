import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { AppError } from '../../http/app-error.ts';
import { productsWithCollections, unreleasedProductMessage } from '../catalog/product-release.ts';
import { highestSerialNumbers } from '../collection/highest-serial-numbers.ts';
import { sqlArray } from '../../db/sql-arrays.ts';

export interface TDropProduct {
  productId: string;
  editionCount: number;
  /**
   * The product's next free serial number: after its highest edition and after every run a drop reserved when its
   * publication started (its editions may not be written yet); 1 for a product with neither.
   */
  nextSerialNumber: number;
}

/**
 * How the refusals name what went wrong: a drop's contents by default; a fusion's result product and supply, which
 * are minted under the same checks, with their own codes and fields.
 */
export interface TProductRefusals {
  notPublished: 'DROP_PRODUCT_NOT_PUBLISHED' | 'FUSION_RESULT_NOT_PUBLISHED' | 'EDITION_POOL_PRODUCT_NOT_PUBLISHED';
  sizeExceeded: 'EDITION_SIZE_EXCEEDED' | 'FUSION_SUPPLY_EXCEEDS_EDITION_SIZE' | 'EDITION_POOL_EXCEEDS_EDITION_SIZE';
  publishedField: string;
  countField: string;
}

const DROP_REFUSALS: TProductRefusals = {
  notPublished: 'DROP_PRODUCT_NOT_PUBLISHED',
  sizeExceeded: 'EDITION_SIZE_EXCEEDED',
  publishedField: 'contents',
  countField: 'contents',
};

/**
 * The products a drop's packs hold, checked: each exists, belongs to the drop's brand (a brand manager must not put
 * another brand's products in their packs) and has room for the drop's editions under its edition size ("#12 / 500"
 * must never read "#512 / 500").
 *
 * For a draft (`publication: false`) the check is advisory, early feedback: a draft may name products that are still
 * drafts themselves. Publication repeats it under locks and also requires every product to be published, in a
 * published collection or none (product-release.ts: the catalogue's rule, but for the brand, which is the drop's own),
 * since a collector who opens a pack must be able to open the pages of what it holds. The products are locked in id order
 * (FOR NO KEY UPDATE, which purchases' foreign key checks never wait for) before their highest serials are read, so
 * two drops of the same product published at once take consecutive runs of serial numbers instead of the same one
 * (productsByIds says why the order matters; the unique index on (product_id, serial_number) is the last defence).
 * A publication writes its editions in later transactions, after this lock is gone, so the highest serial counts the
 * runs reserved in drop_contents as well as the editions written.
 */
export async function checkDropProducts(
  tx: Db,
  brandId: string,
  contents: readonly { productId: string; editionCount: number }[],
  options: { publication: boolean; refusals?: TProductRefusals },
): Promise<TDropProduct[]> {
  const refusals = options.refusals ?? DROP_REFUSALS;
  const ids = contents.map((content) => content.productId);
  const { products: found, collections } = await productsWithCollections(tx, ids, { lock: options.publication });
  if (found.size !== new Set(ids).size) throw new AppError('RELATED_ITEM_NOT_FOUND');
  if ([...found.values()].some((product) => product.brandId !== brandId)) {
    throw new AppError('RELATED_ITEM_OF_OTHER_BRAND');
  }
  const unreleased = [...found.values()].flatMap((product) => unreleasedProductMessage(product, collections) ?? []);
  if (options.publication && unreleased.length > 0) {
    throw new AppError(refusals.notPublished, {
      details: unreleased.map((message) => ({ field: refusals.publishedField, message })),
    });
  }
  const taken = await serialNumbersTaken(tx, ids);
  const products = contents.map((content) => ({
    ...content,
    product: found.get(content.productId)!,
    nextSerialNumber: (taken.get(content.productId) ?? 0) + 1,
  }));
  const tooMany = products.filter(
    ({ product, nextSerialNumber, editionCount }) =>
      product.editionSize !== null && nextSerialNumber - 1 + editionCount > product.editionSize,
  );
  if (tooMany.length > 0) {
    throw new AppError(refusals.sizeExceeded, {
      details: tooMany.map(({ product, nextSerialNumber, editionCount }) => ({
        field: refusals.countField,
        // Counts as the pages write them (spec section 5): "2,000 editions asked, 600 left of 1,000."
        message: `${product.name}: ${count(editionCount)} ${editionCount === 1 ? 'edition' : 'editions'} asked, ${count(Math.max(0, product.editionSize! - nextSerialNumber + 1))} left of ${count(product.editionSize!)}.`,
      })),
    });
  }
  return products.map(({ productId, editionCount, nextSerialNumber }) => ({
    productId,
    editionCount,
    nextSerialNumber,
  }));
}

/**
 * Each product's highest serial number taken: by an edition written (a drop's, a fusion's result, a pool's) or
 * reserved by a drop whose publication started; 0 for a product with neither.
 */
async function serialNumbersTaken(tx: Db, productIds: readonly string[]): Promise<Map<string, number>> {
  const highest = await highestSerialNumbers(tx, productIds);
  const reserved = await highestReservedSerialNumbers(tx, productIds);
  return new Map(productIds.map((id) => [id, Math.max(highest.get(id) ?? 0, reserved.get(id) ?? 0)]));
}

/**
 * How many editions each product still has room for in a new drop (null: an open edition), as checkDropProducts
 * counts them when the drop is saved: the console's product picker shows it before the operator asks for more.
 */
export async function editionsLeft(
  db: Db,
  products: readonly { id: string; editionSize: number | null }[],
): Promise<Map<string, number | null>> {
  const taken = await serialNumbersTaken(
    db,
    products.filter((product) => product.editionSize !== null).map((product) => product.id),
  );
  return new Map(
    products.map((product) => [
      product.id,
      product.editionSize === null ? null : Math.max(0, product.editionSize - (taken.get(product.id) ?? 0)),
    ]),
  );
}

/**
 * Each product's last serial number reserved by a drop whose publication has started (drop_contents.first_serial_number
 * is set then, and never cleared): the runs of drops still PUBLISHING, whose editions are not all written yet, and
 * those of published drops, whose editions highestSerialNumbers sees too.
 */
export async function highestReservedSerialNumbers(
  tx: Db,
  productIds: readonly string[],
): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await queryRows<{ product_id: string; last: number | string }>(
    tx,
    sql`select product_id, max(first_serial_number + edition_count - 1) as last from drop_contents
        where product_id = any(${sqlArray([...new Set(productIds)])}::uuid[]) and first_serial_number is not null
        group by product_id`,
  );
  return new Map(rows.map((row) => [row.product_id, Number(row.last)]));
}

const count = (value: number) => value.toLocaleString('en-US');
