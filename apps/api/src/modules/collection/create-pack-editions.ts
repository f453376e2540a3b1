import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { AppError } from '../../http/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { productArtworkJoin } from '../catalog/product-artwork-join.ts';
import { productsByIds } from '../catalog/products-by-ids.ts';
import { claimTokenIds, registryKeyOf } from './chain-contracts.ts';
import { recordMintIntents } from './chain-transactions/record-mint-intents.ts';

/**
 * Rows per INSERT: a 2,000,000-edition drop takes 200 statements rather than millions, and one statement's arrays stay
 * a few hundred kilobytes.
 */
const CHUNK = 10_000;

export interface TPackEdition {
  productId: string;
  serialNumber: number;
  /** null for an edition minted ahead for a fusion's result (`state` UNISSUED). */
  packId: string | null;
}

/**
 * Route: none; publishing a drop (drops' write-drop-packs.ts) and the test fixtures call it · Writes: editions,
 * chain_contracts (through claimTokenIds), chain_transactions (mint intents, through recordMintIntents) · Reads: the
 * products' brand and collection (catalog's productsByIds), their generative artwork (catalog's productArtworkJoin) · Tests:
 * editions.test.ts, drop-publication.test.ts, catalog's product-artworks.test.ts.
 *
 * Mints a published drop's editions, each in its pack, IN_PACK and without an owner (opening the pack gives them one)
 * (or, with `state` UNISSUED, a fusion's results, in no pack until a fusion gives one; answers the ids in order),
 * a token on its collection's custodial contract, with the product's brand and collection copied on. An edition whose
 * product has an artwork for its serial number (catalog's product_artworks, decision record 58) is GENERATIVE with
 * that artwork as its resource, read in the same statement; any other is STANDARD, with none (the artwork cannot change
 * under a mint: it is written only under the product lock every publication takes, and never once editions exist).
 * Set-wise from arrays: product ids travel once per statement and each edition names its product by position in that
 * list. A serial number another writer took first is EDITION_NUMBERS_TAKEN (the unique index is the
 * last defence behind the product locks).
 *
 * `isOnChain` (the EVM adapter is configured): each edition's MINT intent is recorded in the same transaction, so an
 * edition never exists without the intent that puts it on chain (chain-transactions/, decision record 25).
 */
export async function createPackEditions(
  tx: Db,
  editions: readonly TPackEdition[],
  createdAt: Date,
  options: { isOnChain?: boolean; state?: 'IN_PACK' | 'UNISSUED' } = {},
): Promise<string[]> {
  const made: string[] = [];
  const productIds = [...new Set(editions.map((edition) => edition.productId))];
  const products = await productsByIds(tx, productIds);
  const registryKeyOfProduct = new Map(productIds.map((id) => [id, registryKeyOf(products.get(id)!)]));
  const positionOf = new Map(productIds.map((productId, index) => [productId, index + 1]));
  try {
    for (let start = 0; start < editions.length; start += CHUNK) {
      const chunk = editions.slice(start, start + CHUNK);
      const counts = new Map<string, number>();
      for (const edition of chunk) {
        const key = registryKeyOfProduct.get(edition.productId)!;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const runs = await claimTokenIds(tx, counts, createdAt);
      const issued = new Map([...runs].map(([key, run]) => [key, run.firstTokenId]));
      const tokens = chunk.map((edition) => {
        const key = registryKeyOfProduct.get(edition.productId)!;
        const tokenId = issued.get(key)!;
        issued.set(key, tokenId + 1);
        return { address: runs.get(key)!.address, tokenId };
      });
      const editionIds = chunk.map(() => newId());
      await tx.execute(
        sql`insert into editions (id, product_id, serial_number, pack_id, owner_user_id, type, resource_uri, state,
                                  brand_id, collection_id, rarity, contract_address, token_id, created_at)
            select e.id, p.id, e.serial_number, e.pack_id, null,
                   case when artwork.resource_uri is null then 'STANDARD' else 'GENERATIVE' end, artwork.resource_uri,
                   ${options.state ?? 'IN_PACK'}::text,
                   p.brand_id, p.collection_id, p.rarity, e.contract_address, e.token_id, ${createdAt.toISOString()}::timestamptz
            from unnest(${sqlArray(editionIds)}::uuid[],
                        ${sqlArray(chunk.map((edition) => positionOf.get(edition.productId)!))}::int[],
                        ${sqlArray(chunk.map((edition) => edition.serialNumber))}::int[],
                        ${sqlArray(chunk.map((edition) => edition.packId))}::uuid[],
                        ${sqlArray(tokens.map((token) => token.address))}::text[],
                        ${sqlArray(tokens.map((token) => token.tokenId))}::bigint[])
              as e(id, product_position, serial_number, pack_id, contract_address, token_id)
            join unnest(${sqlArray(productIds)}::uuid[],
                        ${sqlArray(productIds.map((id) => products.get(id)!.brandId))}::uuid[],
                        ${sqlArray(productIds.map((id) => products.get(id)!.collectionId))}::uuid[],
                        ${sqlArray(productIds.map((id) => products.get(id)!.rarity))}::text[])
              with ordinality as p(id, brand_id, collection_id, rarity, position) on p.position = e.product_position
            ${productArtworkJoin(sql`p.id`, sql`e.serial_number`)}`,
      );
      if (options.isOnChain) await recordMintIntents(tx, editionIds, createdAt);
      made.push(...editionIds);
    }
    return made;
  } catch (error) {
    if (isUniqueViolation(error, 'editions_product_serial_key')) {
      throw new AppError('EDITION_NUMBERS_TAKEN', { cause: error });
    }
    throw error;
  }
}
