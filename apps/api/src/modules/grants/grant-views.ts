import { asc, inArray } from 'drizzle-orm';
import {
  formatMoney,
  ticketCountText,
  ZGrantRequest,
  type TGrant,
  type TGrantDelivery,
  type TGrantRequest,
} from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { productsByIds } from '../catalog/products-by-ids.ts';
import { editionSerialNumbersByIds } from '../collection/grant-editions.ts';
import { getSaleDrop } from '../drops/get-sale-drop.ts';
import { packsByOrderIds } from '../drops/packs/pack-views.ts';
import { passNamesByIds } from '../passes/pass-names.ts';
import { ticketKindSummariesByIds } from '../tickets/ticket-kind-summaries.ts';
import { editionPools, grantDeliveries, type TGrantDeliveryRow } from './grants.tables.ts';

/*
 * Reads: edition_pools, and through their owners ticket kinds, passes, products, published drops and packs · Writes:
 * nothing · Route: every answer that shows a grant (attendance, redeem codes, airdrops, the console's forms) · Tests:
 * grants.test.ts, gift-packs.test.ts.
 */

/** What a grant shown in words needs to know of the configuration: how many decimals one CYP has. */
export interface TGrantWording {
  cypMinorUnits: number;
}

/**
 * A grant with what it names, the brand of what it gives (null: the marketplace's own, credit or tickets), and for a
 * pass the end of its validity, after which it gives nothing (passes/pass-units.ts).
 */
export interface TResolvedGrant {
  view: TGrant;
  brandId: string | null;
  validUntil?: Date;
}

/**
 * The grants as shown, named from their owners' rows in one read per kind, in the order given. A grant naming a
 * ticket kind, pass or pool that does not exist, or a pack of a drop that is not published or whose gift round it does
 * not name, is GRANT_ITEM_NOT_FOUND: the console's check before it stores one.
 */
export async function resolveGrants(
  db: Db,
  grants: readonly TGrantRequest[],
  wording: TGrantWording,
): Promise<TResolvedGrant[]> {
  const idsOf = <K extends TGrantRequest['kind']>(
    kind: K,
    pick: (grant: Extract<TGrantRequest, { kind: K }>) => string,
  ) => grants.flatMap((grant) => (grant.kind === kind ? [pick(grant as Extract<TGrantRequest, { kind: K }>)] : []));
  const poolIds = idsOf('EDITION', (grant) => grant.editionPoolId);
  // Published drops never change, so each is read once per process (getSaleDrop's memory); one at a time, since `db`
  // may be a transaction's one connection.
  const saleDrops = new Map<string, Awaited<ReturnType<typeof getSaleDrop>>>();
  for (const id of new Set(idsOf('PACK', (grant) => grant.dropId))) saleDrops.set(id, await getSaleDrop(db, id));
  const [kinds, passes, pools] = await Promise.all([
    ticketKindSummariesByIds(
      db,
      idsOf('TICKETS', (grant) => grant.ticketKindId),
    ),
    passNamesByIds(
      db,
      idsOf('PASS', (grant) => grant.passId),
    ),
    poolIds.length === 0
      ? []
      : db
          .select({ id: editionPools.id, brandId: editionPools.brandId, productId: editionPools.productId })
          .from(editionPools)
          .where(inArray(editionPools.id, [...new Set(poolIds)])),
  ]);
  const poolsById = new Map(pools.map((pool) => [pool.id, pool]));
  const products = await productsByIds(
    db,
    pools.map((pool) => pool.productId),
  );
  return grants.map((grant): TResolvedGrant => {
    switch (grant.kind) {
      case 'CREDIT': {
        const credit = { amount: grant.amount, currency: 'CYP' as const };
        return {
          view: { kind: 'CREDIT', description: formatMoney(credit, wording), credit },
          brandId: null,
        };
      }
      case 'TICKETS': {
        const kind = kinds.get(grant.ticketKindId);
        if (!kind) throw new AppError('GRANT_ITEM_NOT_FOUND');
        return {
          view: {
            kind: 'TICKETS',
            description: ticketCountText(grant.count, kind.name),
            ticketKind: { id: kind.id, name: kind.name, imageUrl: kind.imageUrl },
            count: grant.count,
          },
          brandId: kind.brand?.id ?? null,
        };
      }
      case 'PASS': {
        const pass = passes.get(grant.passId);
        // A draft pass has no units yet (they are issued when it is published) and collectors cannot open its page;
        // a published one never goes back to draft, so a grant stored naming it stays good.
        if (!pass?.isPublished) throw new AppError('GRANT_ITEM_NOT_FOUND');
        return {
          view: {
            kind: 'PASS',
            description: pass.name,
            pass: { id: grant.passId, name: pass.name, imageUrl: pass.imageUrl },
          },
          brandId: pass.brandId,
          validUntil: pass.validUntil,
        };
      }
      case 'EDITION': {
        const pool = poolsById.get(grant.editionPoolId);
        const product = pool && products.get(pool.productId);
        if (!pool || !product) throw new AppError('GRANT_ITEM_NOT_FOUND');
        return {
          view: {
            kind: 'EDITION',
            description: `an edition of ${product.name}`,
            editionPool: {
              id: pool.id,
              product: {
                id: product.id,
                name: product.name,
                rarity: product.rarity,
                imageThumbnailUrl: product.imageThumbnailUrl,
              },
            },
          },
          brandId: pool.brandId,
        };
      }
      case 'PACK': {
        const drop = saleDrops.get(grant.dropId);
        if (!drop || drop.giftRound?.id !== grant.giftRoundId) throw new AppError('GRANT_ITEM_NOT_FOUND');
        return {
          view: {
            kind: 'PACK',
            description: `a pack of ${drop.name}`,
            drop: { id: drop.id, name: drop.name, imageUrl: drop.imageUrl, editionsPerPack: drop.editionsPerPack },
            giftRound: { id: drop.giftRound.id },
          },
          brandId: drop.brandId,
        };
      }
    }
  });
}

/**
 * A grant kept as JSON (a calendar's rewards, a batch's, an airdrop's, a delivery's), read back through the contract:
 * what the database holds is checked like a request, so a row written by an older version cannot pass unnoticed.
 */
export function storedGrant(value: unknown): TGrantRequest {
  return ZGrantRequest.parse(value);
}

/** Deliveries as their recipient sees them, in the order given (one resolution for all their grants). */
async function deliveryViewsOf(
  db: Db,
  rows: readonly TGrantDeliveryRow[],
  wording: TGrantWording,
): Promise<TGrantDelivery[]> {
  const [grants, editionSerials, packs] = await Promise.all([
    resolveGrants(
      db,
      rows.map((row) => storedGrant(row.grant)),
      wording,
    ),
    editionSerialNumbersByIds(
      db,
      rows.flatMap((row) => row.editionId ?? []),
    ),
    packsByOrderIds(
      db,
      rows.flatMap((row) => row.orderId ?? []),
    ),
  ]);
  return rows.map((row, index) => ({
    id: row.id,
    status: row.status,
    grant: grants[index]!.view,
    edition:
      row.editionId && editionSerials.has(row.editionId)
        ? { id: row.editionId, serialNumber: editionSerials.get(row.editionId)! }
        : null,
    pack: row.orderId && packs.has(row.orderId) ? { ...packs.get(row.orderId)!, orderId: row.orderId } : null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * What the occasions `referenceIds` gave (check-ins, code uses), by reference, oldest first: the attendance and redeem
 * pages' "what it gave". Reads grant_deliveries.
 */
export async function deliveryViewsByReferences(
  db: Db,
  referenceIds: readonly string[],
  wording: TGrantWording,
): Promise<Map<string, TGrantDelivery[]>> {
  const unique = [...new Set(referenceIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select()
    .from(grantDeliveries)
    .where(inArray(grantDeliveries.referenceId, unique))
    .orderBy(asc(grantDeliveries.createdAt), asc(grantDeliveries.id));
  const views = await deliveryViewsOf(db, rows, wording);
  const byReference = new Map<string, TGrantDelivery[]>();
  rows.forEach((row, index) => {
    const list = byReference.get(row.referenceId) ?? [];
    list.push(views[index]!);
    byReference.set(row.referenceId, list);
  });
  return byReference;
}
