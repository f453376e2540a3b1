import { sql } from 'drizzle-orm';
import type { TNotificationStage, TOrderPaymentMethod } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { AppError } from '../../http/app-error.ts';
import { holdPacksSql } from '../drops/packs/pack-claims.ts';
import { insertNotificationsSql } from '../notifications/notification-fragments.ts';
import type { TSaleDrop, TSaleRound } from '../drops/get-sale-drop.ts';
import type { TOrderPrice } from './sale-round.ts';

export interface TOrderToRecord {
  id: string;
  userId: string;
  drop: TSaleDrop;
  round: TSaleRound;
  quantity: number;
  paymentMethod: TOrderPaymentMethod;
  price: TOrderPrice;
  holdExpiresAt: Date | null;
  depositId: string | null;
  notification: { stage: TNotificationStage; title: string; body: string };
  now: Date;
}

/**
 * Records a held (card or Tilia) order as PENDING and holds its packs for it, with its notification, in one statement
 * (writes orders; drops holds the packs, notifications notify, each by its own fragment). Fewer packs than asked is
 * SOLD_OUT, and the caller's transaction rolls the whole order back. Returns the held pack ids.
 */
export async function recordHeldOrder(tx: Db, order: TOrderToRecord): Promise<string[]> {
  const now = order.now.toISOString();
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`
    with placed as (
      insert into orders (id, user_id, drop_id, policy_id, round, quantity, payment_method, status, unit_price, subtotal,
                          service_fee, total, currency, hold_expires_at, deposit_id, ledger_transaction_id, created_at, updated_at)
      values (${order.id}, ${order.userId}, ${order.drop.id}, ${order.round.id}, ${order.round.round}, ${order.quantity},
              ${order.paymentMethod}, 'PENDING', ${order.price.unitPrice}, ${order.price.subtotal},
              ${order.price.serviceFee}, ${order.price.total}, 'USD', ${order.holdExpiresAt?.toISOString() ?? null}::timestamptz,
              ${order.depositId}::uuid, null, ${now}::timestamptz, ${now}::timestamptz)
    ), held as (
      ${holdPacksSql(order.id, order.round.id, order.quantity, order.now)}
    ), notified as (
      ${insertNotificationsSql([
        {
          userId: order.userId,
          kind: 'PURCHASE',
          ...order.notification,
          linkPath: `/purchase/${order.id}/status`,
          referenceId: order.id,
          now: order.now,
        },
      ])}
    )
    select id from held`,
  );
  if (rows.length < order.quantity) throw new AppError('SOLD_OUT');
  return rows.map((row) => row.id);
}
