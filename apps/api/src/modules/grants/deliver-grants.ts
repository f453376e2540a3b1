import { sql } from 'drizzle-orm';
import {
  editionMoves,
  formatNumber,
  packPath,
  webPath,
  type TGrantDeliveryStatus,
  type TGrantRequest,
  type TNotificationKind,
  type TTicketMovementReason,
} from '@cypher/contract';
import { claimUnclaimedUnits } from '../../db/claim-unclaimed-units.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { newId } from '../../lib/ids.ts';
import { issueGrantedEditions, type TGrantedEditionMove } from '../collection/grant-editions.ts';
import { insertNotificationsSql } from '../notifications/notification-fragments.ts';
import { giveGiftPacks } from '../orders/give-gift-packs.ts';
import { grantPassUnits } from '../passes/pass-units.ts';
import { grantTickets } from '../tickets/grant-tickets.ts';
import { postRewardCredits } from '../wallet/post-reward-credits.ts';
import { resolveGrants, type TGrantWording } from './grant-views.ts';
import type { TGrantDeliveryRow, TGrantOccasion } from './grants.tables.ts';

/*
 * Route: none of its own; POST /v1/attendance (attendance/check-in.ts), POST /v1/redeems (redeem/redeem-code.ts) and
 * the airdrop job (airdrops/deliver-airdrop.ts) · Writes: grant_deliveries, edition_pool_units, notifications, and
 * through their owners ledger_* (wallet), ticket_movements and ticket_holdings (tickets), pass_units (passes), editions
 * and product_activities (collection), GIFT orders with their packs and claim log rows (orders/give-gift-packs.ts) ·
 * Reads: edition_pools, ticket kinds, passes, products, published drops (grant-views.ts) · Tests: grants.test.ts,
 * gift-packs.test.ts, attendance-races.test.ts, redeem-races.test.ts, gift-pack-races.test.ts, airdrop-races.test.ts.
 */

export interface TGrantDeliveryRequest {
  grant: TGrantRequest;
  occasion: TGrantOccasion;
  /** The check-in, the code use or the airdrop the grant is for. */
  referenceId: string;
  /** Who receives it: one person for a check-in or a code, a batch of an airdrop's recipients. */
  userIds: readonly string[];
  /**
   * What the recipient reads: the notification's title (also the balance history's line for credit), and its body
   * around what they received ("You received 5.00 CYP for checking in.").
   */
  notice: { title: string; body: (what: string) => string };
  wording: TGrantWording;
  now: Date;
}

const occasionRules: Record<
  TGrantOccasion,
  {
    notification: TNotificationKind;
    ticketReason: TTicketMovementReason;
    creditSource: 'reward' | 'redeemed_credit';
    editionMove: TGrantedEditionMove;
  }
> = {
  ATTENDANCE: { notification: 'ATTENDANCE', ticketReason: 'ATTENDANCE', creditSource: 'reward', editionMove: 'reward' },
  STREAK_BONUS: {
    notification: 'ATTENDANCE',
    ticketReason: 'ATTENDANCE',
    creditSource: 'reward',
    editionMove: 'reward',
  },
  REDEEM: { notification: 'REDEEM', ticketReason: 'REDEEM', creditSource: 'redeemed_credit', editionMove: 'redeem' },
  AIRDROP: { notification: 'AIRDROP', ticketReason: 'AIRDROP', creditSource: 'reward', editionMove: 'airdrop' },
};

interface TGiven {
  status: TGrantDeliveryStatus;
  ledgerTransactionId: string | null;
  passUnitId: string | null;
  editionId: string | null;
  /** The edition's serial number, for the notice ("Neon Cat #12"). */
  serialNumber: number | null;
  /** PACK: the GIFT order that owns the pack given, and the pack (where the notice leads). */
  orderId: string | null;
  packId: string | null;
}

/**
 * Gives one grant to each of `userIds`, inside the caller's transaction, so that the occasion (a check-in, a code's
 * use, an airdrop's batch) and what it gives commit together or not at all. Set-wise: a batch of any size costs a
 * fixed number of statements.
 *
 * 1. One delivery row per recipient, inserted with ON CONFLICT DO NOTHING on (occasion, reference, person): a person
 *    who already received this occasion's grant (an airdrop's batch run again after a crash) inserts nothing and is
 *    given nothing. Only the rows inserted go on.
 * 2. What the grant gives, through its owner, each referencing the delivery: CREDIT posts one ledger movement each
 *    (non-withdrawable, from promotions); TICKETS one ticket movement each; PASS claims a unit of the pass's supply
 *    each; EDITION claims an edition of the pool each (SKIP LOCKED) and issues it with its history row; PACK claims a
 *    pack of the drop's gift round each and gives it through a GIFT order (orders/give-gift-packs.ts). A pass, pool
 *    or gift round with fewer left than recipients gives what it has, in user id order, and the rest are OUT_OF_STOCK
 *    (all of them once the gift round's drop or the pass's validity has ended).
 * 3. The deliveries record what was given, and each delivered one writes its recipient's notification.
 *
 * Answers the new deliveries by person; a person absent from the answer had received it before.
 */
export async function deliverGrant(tx: Db, request: TGrantDeliveryRequest): Promise<Map<string, TGrantDeliveryRow>> {
  const rule = occasionRules[request.occasion];
  const [resolved] = await resolveGrants(tx, [request.grant], request.wording);
  const userIds = [...new Set(request.userIds)].sort();
  if (userIds.length === 0) return new Map();
  const at = request.now.toISOString();
  const inserted = await queryRows<{ id: string; user_id: string }>(
    tx,
    sql`
      insert into grant_deliveries (id, occasion, reference_id, user_id, status, "grant", created_at)
      select d.id, ${request.occasion}, ${request.referenceId}::uuid, d.user_id, 'DELIVERED',
             ${JSON.stringify(request.grant)}::jsonb, ${at}::timestamptz
      from unnest(${sqlArray(userIds.map(() => newId()))}::uuid[], ${sqlArray(userIds)}::uuid[]) as d(id, user_id)
      order by d.user_id
      on conflict (occasion, reference_id, user_id) do nothing
      returning id, user_id`,
  );
  if (inserted.length === 0) return new Map();
  inserted.sort((a, b) => (a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0));
  const given = await give(tx, request, rule, inserted);
  const serialOf = new Map(given.flatMap((item) => (item.editionId ? [[item.editionId, item.serialNumber!]] : [])));
  const packOf = new Map(given.flatMap((item) => (item.orderId ? [[item.orderId, item.packId!]] : [])));

  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`
      update grant_deliveries d
      set status = g.status, ledger_transaction_id = g.ledger_transaction_id, pass_unit_id = g.pass_unit_id,
          edition_id = g.edition_id, order_id = g.order_id
      from unnest(${sqlArray(inserted.map((row) => row.id))}::uuid[],
                  ${sqlArray(given.map((item) => item.status))}::text[],
                  ${sqlArray(given.map((item) => item.ledgerTransactionId))}::uuid[],
                  ${sqlArray(given.map((item) => item.passUnitId))}::uuid[],
                  ${sqlArray(given.map((item) => item.editionId))}::uuid[],
                  ${sqlArray(given.map((item) => item.orderId))}::uuid[])
        as g(id, status, ledger_transaction_id, pass_unit_id, edition_id, order_id)
      where d.id = g.id
      returning d.id, d.occasion, d.reference_id, d.user_id, d.status, d."grant", d.ledger_transaction_id,
                d.pass_unit_id, d.edition_id, d.order_id, d.created_at`,
  );
  const deliveries = rows.map(deliveryRowOf);

  const delivered = deliveries.filter((delivery) => delivery.status === 'DELIVERED');
  if (delivered.length > 0) {
    const view = resolved!.view;
    const whatOf = (delivery: TGrantDeliveryRow) => {
      const serial = delivery.editionId ? serialOf.get(delivery.editionId) : undefined;
      if (view.kind !== 'EDITION' || serial === undefined) return view.description;
      // "Pixel Knight #1,000", numbered as every page numbers it (spec section 5).
      return `${view.editionPool.product.name} #${formatNumber(serial)}`;
    };
    await tx.execute(
      insertNotificationsSql(
        delivered.map((delivery) => ({
          userId: delivery.userId,
          kind: rule.notification,
          stage: 'SUCCESSFUL' as const,
          title: request.notice.title,
          body: request.notice.body(whatOf(delivery)),
          linkPath: linkPathOf(request.grant, delivery, packOf),
          referenceId: delivery.id,
          now: request.now,
        })),
      ),
    );
  }
  return new Map(deliveries.map((delivery) => [delivery.userId, delivery]));
}

/** Step 2: what each new delivery gives, in the order of `deliveries`. */
async function give(
  tx: Db,
  request: TGrantDeliveryRequest,
  rule: (typeof occasionRules)[TGrantOccasion],
  deliveries: readonly { id: string; user_id: string }[],
): Promise<TGiven[]> {
  const nothing = {
    ledgerTransactionId: null,
    passUnitId: null,
    editionId: null,
    serialNumber: null,
    orderId: null,
    packId: null,
  };
  const { grant, now } = request;
  switch (grant.kind) {
    case 'CREDIT': {
      const ledgerIds = await postRewardCredits(
        tx,
        deliveries.map((delivery) => ({
          userId: delivery.user_id,
          source: rule.creditSource,
          amount: grant.amount,
          currency: 'CYP' as const,
          referenceId: delivery.id,
          description: request.notice.title,
        })),
        now,
      );
      return ledgerIds.map((id) => ({ ...nothing, status: 'DELIVERED', ledgerTransactionId: id }));
    }
    case 'TICKETS': {
      await grantTickets(
        tx,
        deliveries.map((delivery) => ({
          userId: delivery.user_id,
          ticketKindId: grant.ticketKindId,
          count: grant.count,
          reason: rule.ticketReason,
          referenceId: delivery.id,
          now,
        })),
      );
      return deliveries.map(() => ({ ...nothing, status: 'DELIVERED' }));
    }
    case 'PASS': {
      const unitIds = await grantPassUnits(
        tx,
        grant.passId,
        deliveries.map((delivery) => ({ userId: delivery.user_id })),
        now,
      );
      return deliveries.map((_, index) =>
        index < unitIds.length
          ? { ...nothing, status: 'DELIVERED', passUnitId: unitIds[index]! }
          : { ...nothing, status: 'OUT_OF_STOCK' },
      );
    }
    case 'EDITION': {
      const units = await claimUnclaimedUnits(
        tx,
        'edition_pool_units',
        sql`pool_id = ${grant.editionPoolId}`,
        deliveries.length,
      );
      const claimed = deliveries.slice(0, units.length);
      if (units.length > 0) {
        await tx.execute(sql`
          update edition_pool_units u set delivery_id = c.delivery_id
          from unnest(${sqlArray(units.map((unit) => unit.id))}::uuid[],
                      ${sqlArray(claimed.map((delivery) => delivery.id))}::uuid[]) as c(unit_id, delivery_id)
          where u.id = c.unit_id`);
      }
      const serials = await issueGrantedEditions(
        tx,
        units.map((unit, index) => ({ editionId: unit.id, ownerUserId: claimed[index]!.user_id })),
        rule.editionMove,
        now,
      );
      return deliveries.map((_, index) =>
        index < units.length
          ? {
              ...nothing,
              status: 'DELIVERED',
              editionId: units[index]!.id,
              serialNumber: serials.get(units[index]!.id)!,
            }
          : { ...nothing, status: 'OUT_OF_STOCK' },
      );
    }
    case 'PACK': {
      const packs = await giveGiftPacks(tx, {
        dropId: grant.dropId,
        giftRoundId: grant.giftRoundId,
        userIds: deliveries.map((delivery) => delivery.user_id),
        activity: editionMoves[rule.editionMove].activity,
        now,
      });
      return packs.map((pack) =>
        pack
          ? { ...nothing, status: 'DELIVERED', orderId: pack.orderId, packId: pack.packId }
          : { ...nothing, status: 'OUT_OF_STOCK' },
      );
    }
  }
}

/** Where a delivery's notification leads: the balance, the tickets, the pass, the edition or the pack given. */
function linkPathOf(grant: TGrantRequest, delivery: TGrantDeliveryRow, packOf: Map<string, string>): string {
  switch (grant.kind) {
    case 'CREDIT':
      return '/payment';
    case 'TICKETS':
      return '/tickets';
    case 'PASS':
      return webPath('/pass/:id', { id: grant.passId });
    case 'EDITION':
      return delivery.editionId ? webPath('/nfts/:id', { id: delivery.editionId }) : '/collections';
    case 'PACK': {
      const packId = delivery.orderId ? packOf.get(delivery.orderId) : undefined;
      return packId ? packPath(packId) : '/collections';
    }
  }
}

/** A delivery row read by hand-written SQL, in the table's own shape. */
function deliveryRowOf(row: Record<string, unknown>): TGrantDeliveryRow {
  return {
    id: row.id as string,
    occasion: row.occasion as TGrantOccasion,
    referenceId: row.reference_id as string,
    userId: row.user_id as string,
    status: row.status as TGrantDeliveryStatus,
    grant: (typeof row.grant === 'string' ? JSON.parse(row.grant) : row.grant) as TGrantRequest,
    ledgerTransactionId: (row.ledger_transaction_id as string | null) ?? null,
    passUnitId: (row.pass_unit_id as string | null) ?? null,
    editionId: (row.edition_id as string | null) ?? null,
    orderId: (row.order_id as string | null) ?? null,
    createdAt: new Date(row.created_at as string | Date),
  };
}

/**
 * Each person's delivery of an occasion, whenever it was made: what an airdrop's batch records for its recipients,
 * those given now and those given by an earlier run alike. Reads grant_deliveries.
 */
export async function deliveriesOf(
  db: Db,
  occasion: TGrantOccasion,
  referenceId: string,
  userIds: readonly string[],
): Promise<Map<string, { id: string; status: TGrantDeliveryStatus }>> {
  if (userIds.length === 0) return new Map();
  const rows = await queryRows<{ id: string; user_id: string; status: TGrantDeliveryStatus }>(
    db,
    sql`select id, user_id, status from grant_deliveries
        where occasion = ${occasion} and reference_id = ${referenceId}
          and user_id = any(${sqlArray([...userIds])}::uuid[])`,
  );
  return new Map(rows.map((row) => [row.user_id, { id: row.id, status: row.status }]));
}
