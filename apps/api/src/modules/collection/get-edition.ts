import { eq } from 'drizzle-orm';
import { isEditionHidden, type TEditionDetail } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { collectionFactsByIds } from '../catalog/collection-summaries.ts';
import { isProductPublic } from '../catalog/product-release.ts';
import { publishedBrandIds } from '../catalog/published-brand-ids.ts';
import { figureBasePlacements } from './collection.tables.ts';
import { editionFactsFromDatabase, editionViewsByIds, type EditionFacts, type TEditionView } from './edition-views.ts';

/**
 * Route: GET /v1/editions/{id} (and the NFT endpoints, through getEditionView) · Reads: editions (edition-views.ts),
 * figure_base_placements, collections and brands (the catalogue's collectionFactsByIds; publishedBrandIds for an
 * edition in no collection) · UI: the NFT page (features/collection nft-detail-page.tsx) · Tests: editions.test.ts,
 * figure-bases/figure-bases.test.ts.
 *
 * An edition anyone may look at, as on a public chain: its token, owner by nickname, state and product. Except while
 * it is still in an unopened pack: which editions a pack holds is told to nobody, its owner included, until the pack
 * is opened (issue 16's fairness rule), so such an edition is not found.
 */
export async function getEditionView(
  db: Db,
  editionId: string,
  facts: EditionFacts = editionFactsFromDatabase,
): Promise<TEditionView> {
  const view = (await editionViewsByIds(db, [editionId], facts)).get(editionId);
  if (!view || isEditionHidden(view.row.state)) throw new AppError('EDITION_NOT_FOUND');
  return view;
}

/**
 * The edition with what its NFT page needs: whether its collection's, its product's and its brand's pages are public
 * (the page links to each only then; the product by the catalogue's rule, product-release.ts, and its brand), and,
 * for its owner only, the figure base it stands on: their way to take it off, which must work after the base's
 * collection or brand is unpublished (the base's own page is not found then). Anyone else, visitors included, gets
 * null, as the base may be hidden: the route keeps a signed-in answer out of shared caches. The collections' read
 * says whether their brand is published; only an edition in no collection asks for its brand apart, at the same time.
 */
export async function getEditionDetail(
  db: Db,
  editionId: string,
  viewerUserId: string | null,
  facts: EditionFacts = editionFactsFromDatabase,
): Promise<TEditionDetail> {
  const { edition, row, product } = await getEditionView(db, editionId, facts);
  const isOwner = viewerUserId !== null && edition.owner?.id === viewerUserId;
  // The edition's collection is its product's (kept on the row); both are read, should the product have moved since.
  const collectionIds = [row.collectionId, product.collectionId].flatMap((id) => id ?? []);
  const [placements, collections, publishedBrands] = await Promise.all([
    isOwner
      ? db
          .select({ figureBaseId: figureBasePlacements.figureBaseId })
          .from(figureBasePlacements)
          .where(eq(figureBasePlacements.editionId, editionId))
      : [],
    collectionFactsByIds(db, collectionIds),
    collectionIds.length === 0 ? publishedBrandIds(db, [row.brandId]) : null,
  ]);
  const aCollection = collections.get(collectionIds[0] ?? '');
  const isBrandPublic = publishedBrands ? publishedBrands.has(row.brandId) : aCollection?.isBrandPublished === true;
  return {
    ...edition,
    figureBaseId: placements[0]?.figureBaseId ?? null,
    isCollectionPublic: row.collectionId ? (collections.get(row.collectionId)?.isPublic ?? false) : false,
    isProductPublic: isBrandPublic && isProductPublic(product, collections),
    isBrandPublic,
  };
}
