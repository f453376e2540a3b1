import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../db/client.ts';
import { queryRows } from '../../../../db/query-rows.ts';
import { AppError } from '../../../../http/app-error.ts';
import { liveDropUsesSql } from '../../../drops/live-drop-uses.ts';
import { liveFusionUsesSql, waitForSlotPublications } from '../../../fusions/live-fusion-uses.ts';

/*
 * Route: POST /v1/console/products/{id}/unpublish and /v1/console/collections/{id}/unpublish (through
 * change-publication.ts), PATCH /v1/console/products/{id} moving it into a draft collection or out of one a live
 * fusion's slot takes (update-product.ts) ·
 * Writes: nothing · Reads: products; drops and fusions through their modules' fragments (drops/live-drop-uses.ts,
 * fusions/live-fusion-uses.ts) · Tests: unpublish-in-live-use.test.ts, unpublish-in-live-use-races.test.ts.
 */

/** What the public is shown through live drops and fusions, and so may not go back to draft while they run. */
type TLiveUsed = 'product' | 'collection';

/** How many of the drops and fusions using it the refusal names; the rest are counted. */
const NAMED_USES = 3;

interface TLiveUse {
  kind: 'drop' | 'fusion result' | 'fusion slot';
  name: string;
}

/**
 * Refuses (PRODUCT_IN_LIVE_USE, COLLECTION_IN_LIVE_USE, its message and `details` naming them) to unpublish a product,
 * or a collection, that a live drop or fusion shows the public, or to move a product into a collection still in draft,
 * which hides it the same way (`change`, update-product.ts): a drop being published (PUBLISHING) or published that has
 * not ended (dropStatusAt: COMPLETED from dropEndAt on) whose packs hold it (or a product of the collection), or a
 * published fusion that has not ended (fusionStatusAt) whose result is it (or of the collection) or whose slot takes it
 * (the collection, or a product of it). Unpublished, its page would be not found while the drop page names it and its
 * packs still sell it, or while collectors fuse into it: publication requires the same (product-release.ts). Allowed
 * again once they end. A brand's unpublishing is not asked: it is a takedown, and its drops and fusions are hidden and
 * refused with it.
 *
 * Run under the entry's row lock FOR UPDATE (change-publication.ts, update-product.ts): a drop's or fusion's
 * publication holds what it checked until it commits (product-release.ts, holdPublished and the products' own lock), so
 * one published at the same moment either waited for this and was refused, or made this wait and is read here.
 */
export async function assertNotInLiveUse(
  tx: Db,
  used: TLiveUsed,
  id: string,
  now: Date,
  change: 'unpublish' | 'move into a draft collection' = 'unpublish',
): Promise<void> {
  const uses = await liveUses(tx, used, id, now);
  const refusal =
    change === 'unpublish'
      ? ({ field: 'status' } as const)
      : ({ field: 'collectionId', meanwhile: MOVE_INTO_PUBLISHED } as const);
  refuseLiveUses(uses, used, (use) => sentenceOf(use, used), refusal);
}

/**
 * Refuses (PRODUCT_IN_LIVE_USE, under `collectionId`) to move a product out of a collection that a live fusion's slot
 * takes (fusions/live-fusion-uses.ts): its holders were shown that their editions fuse there until the fusion ends,
 * and the slot would refuse them the moment the product left. Run under the product's lock (update-product.ts). A
 * fusion taking the collection published (or edited to take it) at the same moment is waited for and then read here,
 * or waits for the move (waitForSlotPublications): the move is refused, or the product is gone before the fusion shows.
 */
export async function assertLeavesNoLiveFusionSlot(tx: Db, fromCollectionId: string, now: Date): Promise<void> {
  await waitForSlotPublications(tx, fromCollectionId);
  const uses = await queryRows<TLiveUse>(
    tx,
    sql`select kind, name from (${liveFusionUsesSql(() => sql`false`, fromCollectionId, now)}) uses order by ends_at, name`,
  );
  refuseLiveUses(uses, 'product', (use) => `The fusion ${use.name} takes editions of its collection until it ends.`, {
    field: 'collectionId',
    meanwhile: STAY_IN_COLLECTION,
  });
}

/**
 * Throws the refusal naming the live uses, if any: the three that end soonest and a count of the rest, each sentence
 * under the field the change makes (an unpublish's `status`, a move's `collectionId`), which the web shows there; the
 * message says them all, then what the operator can do meanwhile (`meanwhile`).
 */
function refuseLiveUses(
  uses: readonly TLiveUse[],
  used: TLiveUsed,
  sentence: (use: TLiveUse) => string,
  refusal: { field: 'status' | 'collectionId'; meanwhile?: string },
): void {
  if (uses.length === 0) return;
  const sentences = uses.slice(0, NAMED_USES).map(sentence);
  const more = uses.length - NAMED_USES;
  if (more > 0) sentences.push(`${more} more live ${more === 1 ? 'drop or fusion uses' : 'drops and fusions use'} it.`);
  throw new AppError(used === 'product' ? 'PRODUCT_IN_LIVE_USE' : 'COLLECTION_IN_LIVE_USE', {
    message: [...sentences, ...(refusal.meanwhile ? [refusal.meanwhile] : [])].join(' '),
    details: sentences.map((message) => ({ field: refusal.field, message })),
  });
}

/** What a move may do meanwhile: a draft collection hides the product as an unpublish does (product-release.ts). */
const MOVE_INTO_PUBLISHED = 'Until then, it can move only into a published collection.';
const STAY_IN_COLLECTION = 'Until then, it stays in its collection.';

function sentenceOf(use: TLiveUse, used: TLiveUsed): string {
  const what = used === 'product' ? 'this product' : 'products of this collection';
  switch (use.kind) {
    case 'drop':
      return `${use.name} sells ${what} until it ends.`;
    case 'fusion result':
      return `The fusion ${use.name} makes ${used === 'product' ? what : 'a product of this collection'} until it ends.`;
    case 'fusion slot':
      return `The fusion ${use.name} takes ${used === 'product' ? what : 'editions of this collection'} until it ends.`;
  }
}

/** The live drops and fusions using it, the soonest to end first (a drop before a fusion ending at once). */
async function liveUses(tx: Db, used: TLiveUsed, id: string, now: Date): Promise<TLiveUse[]> {
  // Whether a product (the column given) is the one being unpublished, or one of the collection being unpublished.
  const isUsed = (productId: SQL): SQL =>
    used === 'product'
      ? sql`${productId} = ${id}::uuid`
      : sql`exists (select 1 from products p where p.id = ${productId} and p.collection_id = ${id}::uuid)`;
  return queryRows<TLiveUse>(
    tx,
    sql`select kind, name from (
          ${liveDropUsesSql(isUsed, now)}
          union all
          ${liveFusionUsesSql(isUsed, used === 'collection' ? id : null, now)}
        ) uses
        order by ends_at, rank, name`,
  );
}
