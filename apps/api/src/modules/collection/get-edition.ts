import { eq } from 'drizzle-orm';
import { isEditionHidden, type TEditionDetail } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { collectionFactsByIds } from '../catalog/collection-summaries.ts';
import { figureBasePlacements } from './collection.tables.ts';
import { editionFactsFromDatabase, editionViewsByIds, type EditionFacts, type TEditionView } from './edition-views.ts';

/**
 * Route: GET /v1/editions/{id} (and the NFT endpoints, through getEditionView) · Reads: editions (edition-views.ts),
 * figure_base_placements, collections (the catalogue's collectionFactsByIds) · UI: the NFT page (features/collection
 * nft-detail-page.tsx) · Tests: editions.test.ts, figure-bases/figure-bases.test.ts.
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
 * The edition with what its NFT page needs: whether its collection's page is public (the page links to the
 * collection's figure bases only then), and, for its owner only, the figure base it stands on: their way to take it
 * off, which must work after the base's collection or brand is unpublished (the base's own page is not found then).
 * Anyone else, visitors included, gets null, as the base may be hidden: the route keeps a signed-in answer out of
 * shared caches.
 */
export async function getEditionDetail(
  db: Db,
  editionId: string,
  viewerUserId: string | null,
  facts: EditionFacts = editionFactsFromDatabase,
): Promise<TEditionDetail> {
  const { edition, row } = await getEditionView(db, editionId, facts);
  const isOwner = viewerUserId !== null && edition.owner?.id === viewerUserId;
  const [placements, collections] = await Promise.all([
    isOwner
      ? db
          .select({ figureBaseId: figureBasePlacements.figureBaseId })
          .from(figureBasePlacements)
          .where(eq(figureBasePlacements.editionId, editionId))
      : [],
    collectionFactsByIds(db, row.collectionId ? [row.collectionId] : []),
  ]);
  return {
    ...edition,
    figureBaseId: placements[0]?.figureBaseId ?? null,
    isCollectionPublic: row.collectionId ? (collections.get(row.collectionId)?.isPublic ?? false) : false,
  };
}
