import { sql } from 'drizzle-orm';
import { purchaseStatusPath, type TCreatedOrder, type TErrorCode } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { executeNow } from '../../db/query-rows.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { AppError } from '../../http/app-error.ts';
import { insertNotificationsSql } from '../notifications/notification-fragments.ts';
import { newIdAt } from '../../lib/ids.ts';
import { debitReservedPurchases, type TLockedPurchaseAccounts } from '../wallet/purchase-purses.ts';
import { orderNotices, purchaseDescription } from './order-notices.ts';
import { recordAllowances } from './purchase-allowance.ts';
import { decidePurchases, type TPurchaseDecisions, type TPurchaseStanding } from './purchase-decisions.ts';
import type { TPurchase } from './purchase-round.ts';
import { lockPurchaseStanding } from './purchase-standing.ts';
import {
  claimUnits,
  deliverAfterwards,
  deliverUnitsCtes,
  itemColumnsSql,
  notificationKindOf,
  outOfUnitsRefusal,
  outOfUnitsRefusalFor,
  refusalOf,
} from './sale-items.ts';

type TPurchaseOutcome = { ok: true; order: TCreatedOrder } | { ok: false; code: TErrorCode };

export interface TBalancePurchaseResult {
  outcomes: TPurchaseOutcome[];
  /** The item had fewer unclaimed units than these purchases could pay for: none is left unclaimed now. */
  isItemExhausted: boolean;
  /**
   * The accepted purchases' writes, sent and not yet answered: the caller awaits it, with whatever it sends behind
   * them in the same round trip (the batch's keys' answers), before the transaction commits.
   */
  written: Promise<void>;
}

/**
 * Route: POST /v2/orders and POST /v1/orders with paymentMethod BALANCE (through purchasePacks and the item's batcher)
 * · Writes: the ledger (through the purses), purchase_allowances, orders, and the units through their owners'
 * fragments (packs and pack_claim_log with product_activities; pass_units), notifications · Tests:
 * purchase-from-balance.test.ts, purchase-races.test.ts, orders.test.ts, passes/passes.test.ts.
 *
 * Purchases from the balance of one item (a round's packs, a pass), any number at once, inside one transaction, in a
 * few statements whatever their number, which is what lets the drop rush batch them (decision record 16):
 *
 * 1. (lockPurchaseStanding, before this) Lock what the buyers own, in the one lock order (db/transaction.ts): their
 *    allowance rows, then their spendable ledger accounts. Read the whitelist.
 * 2. Decide every purchase's whitelist, limit and money first, and only then claim units: exactly as many as the
 *    accepted purchases take. A purchase about to be refused must never hold a unit, even for the length of this
 *    transaction: another buyer's claim skips locked units and would be told sold out while some are on sale (issue
 *    16, finding 1). The claim waits for units other claims hold rather than miss them (claimUnclaimedUnits).
 * 3. Decide again with the units claimed (fewer only when the item ran out), then send the accepted ones' writes
 *    set-wise and together: allowances, one ledger posting, and one statement for the orders, their units (for packs:
 *    the claim log and each edition's PURCHASED activity) and each buyer's notification.
 *
 * In a pipelined transaction (decision record 44) that is three round trips: the standing (with the batch's keys),
 * the claim, the writes (with the keys' answers); COMMIT is the fourth. A held-back split claims in two, running out
 * asks which refusal applies, and tickets are granted after the writes: one more trip each.
 */
export async function purchaseFromBalance(
  tx: Db,
  purchases: readonly TPurchase[],
  standing: TPurchaseStanding,
): Promise<TBalancePurchaseResult> {
  const [first] = purchases;
  if (!first) return { outcomes: [], isItemExhausted: false, written: Promise.resolve() };
  const { item, now } = first;
  const payable = decidePurchases(purchases, standing, null);
  const units = await claimUnits(tx, item, payable.unitCounts, now);
  const decided = decidePurchases(purchases, standing, units);
  const isShort = units.open.length < payable.unitCounts.open || units.heldBack.length < payable.unitCounts.heldBack;
  // Claimed and then not taken: an order for more than were left is refused (NOT_ENOUGH_…_LEFT), and what it claimed
  // stays on sale. Only a short claim that the accepted purchases took whole leaves nothing unclaimed.
  const leftUnclaimed =
    units.open.length > decided.unitCounts.open || units.heldBack.length > decided.unitCounts.heldBack;
  // Out of units for someone: sold out, unless held-back packs are left for holders (then not exhausted either).
  const outOfUnits = isShort ? await outOfUnitsRefusal(tx, item, now) : null;
  const written = recordPaidPurchases(tx, standing.accounts!, decided);
  // Awaited by the caller; until then a failure is the caller's to hear, never an unhandled rejection.
  written.catch(() => undefined);
  return {
    outcomes: decided.outcomes.map((outcome, index) => {
      if (outcome.ok) return { ok: true, order: { id: purchases[index]!.id, status: 'SUCCESSFUL', checkoutUrl: null } };
      if (outcome.code === 'SOLD_OUT') return { ok: false, code: outOfUnitsRefusalFor(outOfUnits!, purchases[index]!) };
      return { ok: false, code: refusalOf(item.kind, outcome.code) };
    }),
    isItemExhausted: isShort && !leftUnclaimed && outOfUnits !== 'PACKS_HELD_FOR_HOLDERS',
    written,
  };
}

/**
 * One purchase from the balance on its own, inside the idempotent request's transaction: a batch of one, so a
 * purchase alone and one in a batch take exactly the same path. A refusal is thrown as its AppError.
 */
export async function purchaseOneFromBalance(tx: Db, purchase: TPurchase): Promise<TCreatedOrder> {
  const standing = await lockPurchaseStanding(tx, [purchase], { money: true });
  const { outcomes, written } = await purchaseFromBalance(tx, [purchase], standing);
  await written;
  const [outcome] = outcomes;
  if (!outcome!.ok) throw new AppError(outcome!.code);
  return outcome!.order;
}

/**
 * The accepted purchases' allowances and ledger movements, then their orders, units (claimed, logged and handed over
 * with their activities by drops' fragment) and notifications in one statement: each part is its owner module's
 * fragment, composed here so a batch costs one round trip (decision record 16). All three are sent before any answer
 * is awaited: the movements' ids are made here, so the orders can name them before the posting is answered.
 */
async function recordPaidPurchases(
  tx: Db,
  accounts: TLockedPurchaseAccounts,
  decided: TPurchaseDecisions,
): Promise<void> {
  const paid = decided.accepted;
  const [first] = paid;
  if (!first) return;
  const { item } = first.purchase;
  const orders = paid.map(({ purchase }) => ({ ...purchase, ledgerTransactionId: newIdAt(purchase.now) }));
  const assignments = paid.flatMap(({ purchase, units }) =>
    units.map((unit) => ({
      unit,
      orderId: purchase.id,
      userId: purchase.userId,
      buyerHash: purchase.buyerHash,
      at: purchase.now,
    })),
  );
  const notices = paid.map(({ purchase }) => ({
    userId: purchase.userId,
    kind: notificationKindOf(item.kind),
    ...orderNotices.successful({ kind: item.kind, name: item.name, quantity: purchase.quantity }),
    linkPath: purchaseStatusPath(purchase.id),
    referenceId: purchase.id,
    now: purchase.now,
  }));
  const column = <T>(pick: (order: (typeof orders)[number]) => T) => sqlArray(orders.map(pick));
  await Promise.all([
    decided.allowances ? recordAllowances(tx, item.id, decided.allowances) : null,
    debitReservedPurchases(
      tx,
      accounts,
      paid.map(({ purchase, parts }, index) => ({
        ledgerTransactionId: orders[index]!.ledgerTransactionId,
        userId: purchase.userId,
        parts: parts!,
        amount: purchase.price.total,
        serviceFee: purchase.price.serviceFee,
        creditPerCent: purchase.price.creditPerCent,
        orderId: purchase.id,
        description: purchaseDescription({ kind: item.kind, name: item.name, quantity: purchase.quantity }),
        now: purchase.now,
      })),
    ),
    executeNow(
      tx,
      sql`
      with placed as (
        insert into orders (id, user_id, item_kind, item_id, drop_id, round, quantity, payment_method, status, unit_price,
                            subtotal, service_fee, total, currency, ledger_transaction_id, buyer_salt, created_at, updated_at)
        select o.id, o.user_id, ${itemColumnsSql(item)}, o.quantity, 'BALANCE', 'SUCCESSFUL',
               o.unit_price, o.subtotal, o.service_fee, o.total, 'USD', o.ledger_transaction_id, o.buyer_salt, o.at, o.at
        from unnest(${column((o) => o.id)}::uuid[], ${column((o) => o.userId)}::uuid[], ${column((o) => o.quantity)}::int[],
                    ${column((o) => o.price.unitPrice)}::bigint[], ${column((o) => o.price.subtotal)}::bigint[],
                    ${column((o) => o.price.serviceFee)}::bigint[], ${column((o) => o.price.total)}::bigint[],
                    ${column((o) => o.ledgerTransactionId)}::uuid[], ${column((o) => o.buyerSalt)}::text[],
                    ${column((o) => o.now.toISOString())}::timestamptz[])
          as o(id, user_id, quantity, unit_price, subtotal, service_fee, total, ledger_transaction_id, buyer_salt, at)
      )
      ${deliverUnitsCtes(item, assignments, true)}
      ${insertNotificationsSql(notices)}`,
    ),
  ]);
  await deliverAfterwards(
    tx,
    item,
    paid.map(({ purchase }) => ({
      orderId: purchase.id,
      userId: purchase.userId,
      quantity: purchase.quantity,
      at: purchase.now,
    })),
  );
}
