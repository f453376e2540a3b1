import { and, eq } from 'drizzle-orm';
import type { TBanner, TBrand, TCollection, TLicense, TProduct, TPublicationStatus } from '@cypher/contract';
import type { AppContext } from '../../../../app-context.ts';
import type { Db } from '../../../../db/client.ts';
import { inTransaction } from '../../../../db/transaction.ts';
import { AppError } from '../../../../http/app-error.ts';
import { nextVersionAt } from '../../../../http/entry-version.ts';
import { assertAdmin, assertCanManageBrand, type Operator } from '../../../../http/operator-guard.ts';
import { everythingScope } from '../../catalog-scope.ts';
import { banners, brands, collections, licenses, products } from '../../catalog.tables.ts';
import { getBanner } from '../../get-banner.ts';
import { getBrand } from '../../get-brand.ts';
import { keepPublicSlug } from '../brands/keep-public-slug.ts';
import { getCollection } from '../../get-collection.ts';
import { getLicense } from '../../get-license.ts';
import { getProduct } from '../../get-product.ts';
import { recordAudit } from '../../../console/audit/record-audit.ts';
import { assertNotInLiveUse } from './live-uses.ts';

/*
 * Route: POST /v1/console/{brands,licenses,collections,products,banners}/{id}/publish and /unpublish
 * (publication.routes.ts) · Writes: the entry's status, brand_public_slugs (a brand's), audit_log · Reads: drops,
 * fusions (live-uses.ts, before a product or collection is unpublished) · UI: features/console/components/
 * publication-actions.tsx · Tests: console-writes.test.ts, unpublish-in-live-use.test.ts (and its races file).
 */

/**
 * Publish and unpublish, the same two-state machine (house rule 6) for every publishable entry: DRAFT <-> PUBLISHED,
 * moved by one conditional UPDATE (`WHERE status = from`) on a row locked for the audit's "before". Asking for the state an entry is already in changes nothing and
 * writes no audit row, so a double click is harmless. Each entry names its table, how to load what the API shows,
 * which brand it belongs to (null: admins only), what may refuse its unpublishing under that lock (`beforeUnpublish`:
 * a product or collection a live drop or fusion shows, live-uses.ts) and what else its unpublishing keeps
 * (`onUnpublish`).
 */
const publishables = {
  brand: {
    table: brands,
    load: (db: Db, id: string) => getBrand(db, id, everythingScope),
    brandIdOf: (brand: { id: string }) => brand.id,
    // Unpublished, a brand may be renamed as a draft, whose slug changes are not kept (update-brand.ts); the slug the
    // public saw it by until now is kept here, so its links find it again once it is published again.
    onUnpublish: (tx: Db, brand: { id: string; slug: string }, now: Date) =>
      keepPublicSlug(tx, brand.id, brand.slug, now),
  },
  license: {
    table: licenses,
    load: (db: Db, id: string) => getLicense(db, id, everythingScope),
    brandIdOf: ownerBrand,
  },
  collection: {
    table: collections,
    load: (db: Db, id: string) => getCollection(db, id, everythingScope),
    brandIdOf: ownerBrand,
    beforeUnpublish: (tx: Db, id: string, now: Date) => assertNotInLiveUse(tx, 'collection', id, now),
  },
  product: {
    table: products,
    load: (db: Db, id: string) => getProduct(db, id, everythingScope),
    brandIdOf: ownerBrand,
    beforeUnpublish: (tx: Db, id: string, now: Date) => assertNotInLiveUse(tx, 'product', id, now),
  },
  banner: { table: banners, load: (db: Db, id: string) => getBanner(db, id), brandIdOf: () => null },
} as const;

function ownerBrand(entry: { brand: { id: string } }): string {
  return entry.brand.id;
}

export type TPublishableType = keyof typeof publishables;

/** What each kind of entry looks like in the API, before and after the change. */
interface PublishableViews {
  brand: TBrand;
  license: TLicense;
  collection: TCollection;
  product: TProduct;
  banner: TBanner;
}

type PublishableTable = (typeof publishables)[TPublishableType]['table'];

export async function changePublication<T extends TPublishableType>(
  ctx: AppContext,
  operator: Operator,
  type: T,
  id: string,
  to: TPublicationStatus,
): Promise<PublishableViews[T]> {
  const publishable = publishables[type];
  // The tables share these columns; TypeScript cannot see that through the union, hence the one widening here.
  const table = publishable.table as typeof brands & PublishableTable;
  const load = publishable.load as (db: Db, id: string) => Promise<PublishableViews[T]>;
  const brandIdOf = publishable.brandIdOf as (entry: unknown) => string | null;
  const now = ctx.clock.now();

  return inTransaction(ctx.db, async (tx) => {
    const [locked] = await tx
      .select({ status: table.status, updatedAt: table.updatedAt })
      .from(table)
      .where(eq(table.id, id))
      .for('update');
    if (!locked) throw new AppError('NOT_FOUND');
    const before = await load(tx, id);
    const brandId = brandIdOf(before);
    if (brandId === null) assertAdmin(operator);
    else assertCanManageBrand(operator, brandId);
    if (locked.status === to) return before;
    if (to === 'DRAFT' && 'beforeUnpublish' in publishable) await publishable.beforeUnpublish(tx, id, now);

    // A new version (decision record 52): a form opened on the entry before this starts again from it.
    const moved = await tx
      .update(table)
      .set({
        status: to,
        publishedAt: to === 'PUBLISHED' ? now : null,
        updatedAt: nextVersionAt(now, locked.updatedAt),
      })
      .where(and(eq(table.id, id), eq(table.status, locked.status)))
      .returning({ id: table.id });
    if (moved.length !== 1) throw new Error(`${type} ${id} changed status under a row lock`);
    if (to === 'DRAFT' && 'onUnpublish' in publishable) await publishable.onUnpublish(tx, before as TBrand, now);
    const after = await load(tx, id);
    await recordAudit(tx, {
      actorUserId: operator.userId,
      action: to === 'PUBLISHED' ? 'publish' : 'unpublish',
      entityType: type,
      entityId: id,
      before,
      after,
      at: now,
    });
    return after;
  });
}
