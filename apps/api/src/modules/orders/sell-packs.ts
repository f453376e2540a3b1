import { sql } from 'drizzle-orm';
import type { TCreatedOrder, TErrorCode } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { insertProductActivitiesSql } from '../catalog/product-activity-fragments.ts';
import { editionsOfPacksSql } from '../collection/edition-fragments.ts';
import { whitelistedAmong } from '../drops/get-sale-drop.ts';
import { assignPacksSql, takeFreePacks } from '../drops/packs/pack-claims.ts';
import { insertNotificationsSql } from '../notifications/notification-fragments.ts';
import { debitReservedPurchases, openPurchasePurses, type TReservedPurchase } from '../wallet/purchase-purses.ts';
import type { TSale } from './buy-with-balance.ts';
import { orderNotices } from './order-notices.ts';
import { lockAllowances, recordAllowances } from './purchase-allowance.ts';

export type TSaleOutcome =
  | { ok: true; order: TCreatedOrder }
  | { ok: false; code: Extract<TErrorCode, 'NOT_WHITELISTED' | 'PURCHASE_LIMIT_REACHED' | 'INSUFFICIENT_FUNDS' | 'SOLD_OUT'> };

/**
 * Purchases from the balance of one round, any number at once, inside one transaction (writes purchase_allowances,
 * the ledger through the purses, orders, packs, product_activities, notifications). A few statements whatever the
 * number of purchases, which is what lets the drop rush batch them (decision record 0016):
 *
 * 1. Lock what the buyers own in the one lock order: their per-round allowance rows, then their spendable ledger
 *    accounts. Read the whitelist. Take up to the packs asked for with FOR UPDATE SKIP LOCKED (never waiting on
 *    another buyer's claim).
 * 2. Decide each purchase in arrival order, as if they came one by one: whitelist, per-person limit, packs left, money.
 *    A refused purchase reserves nothing; packs taken for it are not written, so they stay on sale.
 * 3. Write the accepted ones set-wise: allowances, one ledger call, and one statement for the orders, their packs,
 *    each edition's PURCHASED activity and each buyer's notification.
 */
export async function sellPacksFromBalance(tx: Db, sales: readonly TSale[]): Promise<TSaleOutcome[]> {
  const [first] = sales;
  if (!first) return [];
  const { drop, round, now } = first;
  const buyers = [...new Set(sales.map((sale) => sale.userId))];
  const allowed = round.hasWhitelist ? await whitelistedAmong(tx, round.id, buyers) : null;
  const allowances = round.perPersonLimit === null ? null : await lockAllowances(tx, round.id, buyers);
  const purses = await openPurchasePurses(tx, buyers, 'USD', now);
  const wanted = sales.reduce((sum, sale) => sum + sale.quantity, 0);
  const free = await takeFreePacks(tx, round.id, wanted);

  const accepted: { sale: TSale; packIds: string[]; debit: TReservedPurchase }[] = [];
  let nextPack = 0;
  const outcomes = sales.map((sale): TSaleOutcome => {
    if (allowed && !allowed.has(sale.userId)) return { ok: false, code: 'NOT_WHITELISTED' };
    if (allowances && round.perPersonLimit !== null) {
      const purchased = allowances.get(sale.userId) ?? 0;
      if (purchased + sale.quantity > round.perPersonLimit) return { ok: false, code: 'PURCHASE_LIMIT_REACHED' };
    }
    if (free.length - nextPack < sale.quantity) return { ok: false, code: 'SOLD_OUT' };
    const parts = purses.reserve(sale.userId, sale.price.total);
    if (!parts) return { ok: false, code: 'INSUFFICIENT_FUNDS' };
    allowances?.set(sale.userId, (allowances.get(sale.userId) ?? 0) + sale.quantity);
    const packIds = free.slice(nextPack, nextPack + sale.quantity);
    nextPack += sale.quantity;
    accepted.push({
      sale,
      packIds,
      debit: {
        userId: sale.userId,
        parts,
        amount: sale.price.total,
        serviceFee: sale.price.serviceFee,
        orderId: sale.id,
        description: `${drop.name} · ${sale.quantity === 1 ? '1 pack' : `${sale.quantity} packs`}`,
        now: sale.now,
      },
    });
    return { ok: true, order: { id: sale.id, status: 'SUCCESSFUL', checkoutUrl: null } };
  });
  if (accepted.length === 0) return outcomes;

  if (allowances) await recordAllowances(tx, round.id, allowances);
  const ledgerIds = await debitReservedPurchases(tx, purses, accepted.map((purchase) => purchase.debit));
  await recordPaidOrders(tx, accepted.map((purchase, index) => ({ ...purchase, ledgerTransactionId: ledgerIds[index]! })));
  return outcomes;
}

/**
 * The accepted purchases' orders, packs, activities and notifications, in one statement: each part is its owner
 * module's fragment (drops hands over the packs, the collection lists their editions, the catalogue writes the
 * activities, notifications notify), composed here so a batch costs one round trip (decision record 0016).
 */
async function recordPaidOrders(
  tx: Db,
  paid: readonly { sale: TSale; packIds: string[]; ledgerTransactionId: string }[],
): Promise<void> {
  const { drop, round } = paid[0]!.sale;
  const list = <T>(values: T[]) => sql.param(values);
  const assignments = paid.flatMap(({ sale, packIds }) =>
    packIds.map((packId) => ({ packId, orderId: sale.id, userId: sale.userId, at: sale.now })),
  );
  const activityIds = Array.from({ length: assignments.length * drop.editionsPerPack }, () => newId());
  const notices = paid.map(({ sale }) => ({
    userId: sale.userId,
    kind: 'PURCHASE' as const,
    ...orderNotices.successful(drop.name, sale.quantity),
    linkPath: `/purchase/${sale.id}/status`,
    referenceId: sale.id,
    now: sale.now,
  }));
  await tx.execute(sql`
    with placed as (
      insert into orders (id, user_id, drop_id, policy_id, round, quantity, payment_method, status, unit_price, subtotal,
                          service_fee, total, currency, ledger_transaction_id, created_at, updated_at)
      select o.id, o.user_id, ${drop.id}::uuid, ${round.id}::uuid, ${round.round}, o.quantity, 'BALANCE', 'SUCCESSFUL',
             o.unit_price, o.subtotal, o.service_fee, o.total, 'USD', o.ledger_transaction_id, o.at, o.at
      from unnest(${list(paid.map(({ sale }) => sale.id))}::uuid[], ${list(paid.map(({ sale }) => sale.userId))}::uuid[],
                  ${list(paid.map(({ sale }) => sale.quantity))}::int[], ${list(paid.map(({ sale }) => sale.price.unitPrice))}::bigint[],
                  ${list(paid.map(({ sale }) => sale.price.subtotal))}::bigint[], ${list(paid.map(({ sale }) => sale.price.serviceFee))}::bigint[],
                  ${list(paid.map(({ sale }) => sale.price.total))}::bigint[], ${list(paid.map((p) => p.ledgerTransactionId))}::uuid[],
                  ${list(paid.map(({ sale }) => sale.now.toISOString()))}::timestamptz[])
        as o(id, user_id, quantity, unit_price, subtotal, service_fee, total, ledger_transaction_id, at)
    ), assigned as (
      ${assignPacksSql(assignments)}
    ), activities as (
      ${insertProductActivitiesSql('PURCHASED', editionsOfPacksSql(sql`select id, user_id, at from assigned`), activityIds)}
    )
    ${insertNotificationsSql(notices)}`);
}
