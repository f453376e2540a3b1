import { sql } from 'drizzle-orm';
import { purchaseStatusPath, type TCreatedOrder } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { holdOffReveal } from '../drops/reveal-drop.ts';
import { assertAccountOpen } from '../users/people.ts';
import { insertNotificationsSql } from '../notifications/notification-fragments.ts';
import { recordOrderPaymentDeposit } from '../wallet/deposits/create-deposit.ts';
import { orderNotices } from './order-notices.ts';
import { recordAllowances } from './purchase-allowance.ts';
import { decidePurchases } from './purchase-decisions.ts';
import type { TPurchase } from './purchase-round.ts';
import { lockPurchaseStanding } from './purchase-standing.ts';
import {
  claimUnits,
  deliverUnitsCtes,
  itemColumnsSql,
  notificationKindOf,
  outOfUnitsRefusal,
  outOfUnitsRefusalFor,
  refusalOf,
} from './sale-items.ts';

/**
 * Route: POST /v2/orders and /v1/orders with paymentMethod CARD or TILIA (through purchasePacks) · Writes:
 * purchase_allowances, deposits (through the wallet), orders, the units (packs and pack_claim_log through drops'
 * fragment, pass_units through the passes'), notifications · Reads:
 * users (FOR KEY SHARE), sale_policy_whitelist, drops (revealed_at) · UI: features/drops purchase dialog, then the provider's checkout ·
 * Tests: card-orders.test.ts, purchase-races.test.ts.
 *
 * A purchase paid by card or Tilia, step 1, inside the idempotent request's transaction: decide it as a balance
 * purchase is decided (whitelist, per-person limit; the money comes later), hold its units for `holdMinutes` (claimed
 * by the order, owned by nobody yet) and record the deposit that will pay the total. The caller opens the checkout
 * after commit; the provider's webhook completes the order (order-payments.ts) or the hold times out.
 *
 * The drop's contents must not be revealed while this hold may still be paid for (decision record 23): holdOffReveal
 * keeps the reveal waiting until this transaction ends, and refuses if the reveal already happened.
 *
 * A payment the person starts, as a deposit is: refused with ACCOUNT_DELETION_PENDING while a deletion request runs
 * its seven days (decision record 7), where the deposit and the units it held would stop the deletion on its day. The
 * person's row is the first lock this transaction takes, as the deletion request and job take it first. A balance
 * purchase does not read it (its batch reads no user row, decision record 16): a deletion is requested with no USD,
 * so only CYP credit can still pay one then (decision record 7 names it among what can still arrive).
 */
export async function holdForPayment(
  tx: Db,
  purchase: TPurchase & { paymentMethod: 'CARD' | 'TILIA'; holdMinutes: number },
): Promise<TCreatedOrder & { depositId: string }> {
  const { item } = purchase;
  await assertAccountOpen(tx, purchase.userId);
  if (item.kind === 'PACK') await holdOffReveal(tx, item.drop.id);
  const standing = await lockPurchaseStanding(tx, [purchase], { money: false });
  const payable = decidePurchases([purchase], standing, null);
  const [outcome] = payable.outcomes;
  if (!outcome!.ok) throw new AppError(refusalOf(item.kind, outcome!.code));
  const units = await claimUnits(tx, item, payable.unitCounts, purchase.now);
  const decided = decidePurchases([purchase], standing, units);
  const [held] = decided.accepted;
  if (!held) {
    // Decided payable above, so refused now for the units alone: fewer left than asked, or none.
    const [outcome] = decided.outcomes;
    const isSomeLeft = outcome?.ok === false && outcome.code === 'NOT_ENOUGH_PACKS_LEFT';
    throw new AppError(
      isSomeLeft
        ? refusalOf(item.kind, 'NOT_ENOUGH_PACKS_LEFT')
        : outOfUnitsRefusalFor(await outOfUnitsRefusal(tx, item, purchase.now), purchase),
    );
  }
  if (decided.allowances) await recordAllowances(tx, item.id, decided.allowances);

  const holdExpiresAt = new Date(purchase.now.getTime() + purchase.holdMinutes * MINUTE_MS);
  const depositId = await recordOrderPaymentDeposit(tx, {
    userId: purchase.userId,
    method: purchase.paymentMethod === 'CARD' ? 'card' : 'tilia',
    amount: purchase.price.total,
    orderId: purchase.id,
    holdEndsAt: holdExpiresAt,
    now: purchase.now,
  });
  const at = purchase.now.toISOString();
  await tx.execute(sql`
    with placed as (
      insert into orders (id, user_id, item_kind, item_id, drop_id, round, quantity, payment_method, status, unit_price,
                          subtotal, service_fee, total, currency, hold_expires_at, deposit_id, buyer_salt, created_at,
                          updated_at)
      values (${purchase.id}, ${purchase.userId}, ${itemColumnsSql(item)}, ${purchase.quantity},
              ${purchase.paymentMethod}, 'PENDING', ${purchase.price.unitPrice}, ${purchase.price.subtotal},
              ${purchase.price.serviceFee}, ${purchase.price.total}, 'USD', ${holdExpiresAt.toISOString()}::timestamptz,
              ${depositId}::uuid, ${purchase.buyerSalt}, ${at}::timestamptz, ${at}::timestamptz)
    )
    ${deliverUnitsCtes(
      item,
      held.units.map((unit) => ({
        unit,
        orderId: purchase.id,
        userId: purchase.userId,
        buyerHash: purchase.buyerHash,
        at: purchase.now,
      })),
      false,
    )}
    ${insertNotificationsSql([
      {
        userId: purchase.userId,
        kind: notificationKindOf(item.kind),
        ...orderNotices.pending(
          { kind: item.kind, name: item.name, quantity: purchase.quantity },
          purchase.holdMinutes,
        ),
        linkPath: purchaseStatusPath(purchase.id),
        referenceId: purchase.id,
        now: purchase.now,
      },
    ])}`);
  return { id: purchase.id, status: 'PENDING', checkoutUrl: null, depositId };
}
