import { sql } from 'drizzle-orm';
import { purchaseStatusPath, type TCreatedOrder } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { AppError } from '../../http/app-error.ts';
import { whitelistedEmails } from '../drops/get-sale-drop.ts';
import { assignPacksCtes, claimPacks } from '../drops/packs/pack-claims.ts';
import { insertNotificationsSql } from '../notifications/notification-fragments.ts';
import { debitReservedPurchases, lockPurchaseAccounts } from '../wallet/purchase-purses.ts';
import { orderNotices, purchaseDescription } from './order-notices.ts';
import { lockAllowances, recordAllowances } from './purchase-allowance.ts';
import { decidePurchases, type TPurchaseDecisions, type TPurchaseRefusal } from './purchase-decisions.ts';
import type { TPurchase } from './purchase-round.ts';

type TPurchaseOutcome = { ok: true; order: TCreatedOrder } | { ok: false; code: TPurchaseRefusal };

export interface TBalancePurchaseResult {
  outcomes: TPurchaseOutcome[];
  /** The round had fewer unclaimed packs than these purchases could pay for: none is left unclaimed now. */
  isRoundExhausted: boolean;
}

/**
 * Route: POST /v2/orders with paymentMethod BALANCE (through purchasePacks and the round's batcher) · Writes:
 * purchase_allowances, the ledger (through the purses), orders, packs and pack_claim_log (drops' fragment),
 * product_activities, notifications · Reads: sale_policy_whitelist · Tests: purchase-from-balance.test.ts,
 * purchase-races.test.ts, orders.test.ts.
 *
 * Purchases from the balance of one round, any number at once, inside one transaction, in a few statements whatever
 * their number, which is what lets the drop rush batch them (decision record 16):
 *
 * 1. Lock what the buyers own, in the one lock order (db/transaction.ts): their allowance rows, then their spendable
 *    ledger accounts. Read the whitelist.
 * 2. Decide every purchase's whitelist, limit and money first, and only then claim packs: exactly as many as the
 *    accepted purchases take. A purchase about to be refused must never hold a pack, even for the length of this
 *    transaction: another buyer's claim skips locked packs and would be told SOLD_OUT while packs are on sale (issue
 *    16, finding 1). The claim waits for packs other claims hold rather than miss them (claimPacks).
 * 3. Decide again with the packs claimed (fewer only when the round ran out), then write the accepted ones set-wise:
 *    allowances, one ledger call, and one statement for the orders, their packs and claim log, each edition's
 *    PURCHASED activity and each buyer's notification.
 */
export async function purchaseFromBalance(tx: Db, purchases: readonly TPurchase[]): Promise<TBalancePurchaseResult> {
  const [first] = purchases;
  if (!first) return { outcomes: [], isRoundExhausted: false };
  const { round, now } = first;
  const buyers = [...new Set(purchases.map((purchase) => purchase.userId))];
  const standing = {
    whitelisted: round.hasWhitelist
      ? await whitelistedEmails(
          tx,
          round.id,
          purchases.map((purchase) => purchase.buyerEmail),
        )
      : null,
    allowances: round.perPersonLimit === null ? null : await lockAllowances(tx, round.id, buyers),
    perPersonLimit: round.perPersonLimit,
    accounts: await lockPurchaseAccounts(tx, buyers, 'USD', now),
  };
  const payable = decidePurchases(purchases, standing, null);
  const packs = await claimPacks(tx, round.id, payable.packCount);
  const decided = decidePurchases(purchases, standing, packs);
  await recordPaidPurchases(tx, standing.accounts, decided);
  return {
    outcomes: decided.outcomes.map((outcome, index) =>
      outcome.ok ? { ok: true, order: { id: purchases[index]!.id, status: 'SUCCESSFUL', checkoutUrl: null } } : outcome,
    ),
    isRoundExhausted: packs.length < payable.packCount,
  };
}

/**
 * One purchase from the balance on its own, inside the idempotent request's transaction: a batch of one, so a
 * purchase alone and one in a batch take exactly the same path. A refusal is thrown as its AppError.
 */
export async function purchaseOneFromBalance(tx: Db, purchase: TPurchase): Promise<TCreatedOrder> {
  const [outcome] = (await purchaseFromBalance(tx, [purchase])).outcomes;
  if (!outcome!.ok) throw new AppError(outcome!.code);
  return outcome!.order;
}

/**
 * The accepted purchases' allowances and ledger movements, then their orders, packs (claimed, logged and handed over
 * with their activities by drops' fragment) and notifications in one statement: each part is its owner module's
 * fragment, composed here so a batch costs one round trip (decision record 16).
 */
async function recordPaidPurchases(
  tx: Db,
  accounts: Awaited<ReturnType<typeof lockPurchaseAccounts>>,
  decided: TPurchaseDecisions,
): Promise<void> {
  const paid = decided.accepted;
  const [first] = paid;
  if (!first) return;
  const { drop, round } = first.purchase;
  if (decided.allowances) await recordAllowances(tx, round.id, decided.allowances);
  const ledgerIds = await debitReservedPurchases(
    tx,
    accounts,
    paid.map(({ purchase, parts }) => ({
      userId: purchase.userId,
      parts: parts!,
      amount: purchase.price.total,
      serviceFee: purchase.price.serviceFee,
      orderId: purchase.id,
      description: purchaseDescription(drop.name, purchase.quantity),
      now: purchase.now,
    })),
  );
  const orders = paid.map(({ purchase }, index) => ({ ...purchase, ledgerTransactionId: ledgerIds[index]! }));
  const assignments = paid.flatMap(({ purchase, packs }) =>
    packs.map((pack) => ({
      pack,
      orderId: purchase.id,
      userId: purchase.userId,
      buyerHash: purchase.buyerHash,
      at: purchase.now,
    })),
  );
  const notices = paid.map(({ purchase }) => ({
    userId: purchase.userId,
    kind: 'PURCHASE' as const,
    ...orderNotices.successful(drop.name, purchase.quantity),
    linkPath: purchaseStatusPath(purchase.id),
    referenceId: purchase.id,
    now: purchase.now,
  }));
  const column = <T>(pick: (order: (typeof orders)[number]) => T) => sqlArray(orders.map(pick));
  await tx.execute(sql`
    with placed as (
      insert into orders (id, user_id, drop_id, policy_id, round, quantity, payment_method, status, unit_price, subtotal,
                          service_fee, total, currency, ledger_transaction_id, buyer_salt, created_at, updated_at)
      select o.id, o.user_id, ${drop.id}::uuid, ${round.id}::uuid, ${round.round}, o.quantity, 'BALANCE', 'SUCCESSFUL',
             o.unit_price, o.subtotal, o.service_fee, o.total, 'USD', o.ledger_transaction_id, o.buyer_salt, o.at, o.at
      from unnest(${column((o) => o.id)}::uuid[], ${column((o) => o.userId)}::uuid[], ${column((o) => o.quantity)}::int[],
                  ${column((o) => o.price.unitPrice)}::bigint[], ${column((o) => o.price.subtotal)}::bigint[],
                  ${column((o) => o.price.serviceFee)}::bigint[], ${column((o) => o.price.total)}::bigint[],
                  ${column((o) => o.ledgerTransactionId)}::uuid[], ${column((o) => o.buyerSalt)}::text[],
                  ${column((o) => o.now.toISOString())}::timestamptz[])
        as o(id, user_id, quantity, unit_price, subtotal, service_fee, total, ledger_transaction_id, buyer_salt, at)
    ),
    ${assignPacksCtes(drop.id, assignments, { editionsPerPack: drop.editionsPerPack })}
    ${insertNotificationsSql(notices)}`);
}
