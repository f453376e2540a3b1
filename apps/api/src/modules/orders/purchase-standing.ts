import type { Db } from '../../db/client.ts';
import { whitelistedEmails } from '../drops/get-sale-drop.ts';
import { lockPurchaseAccounts } from '../wallet/purchase-purses.ts';
import { lockAllowances } from './purchase-allowance.ts';
import type { TPurchaseStanding } from './purchase-decisions.ts';
import type { TPurchase } from './purchase-round.ts';
import { countsAllowances } from './sale-items.ts';

/**
 * Route: POST /v2/orders, for both payment paths (purchase-from-balance.ts, hold-for-payment.ts) · Writes:
 * purchase_allowances (a missing row, created at 0) · Reads: sale_policy_whitelist, ledger_accounts (locked) · Tests:
 * purchase-from-balance.test.ts, card-orders.test.ts, purchase-races.test.ts.
 *
 * What purchases of one item are decided by (purchase-decisions.ts): the whitelist, the buyers' allowance rows and,
 * for `money`, their spendable accounts, read and locked in the one lock order of db/transaction.ts (allowances, then
 * ledger accounts). Every statement is sent as this is called, before any answer is awaited, so in a pipelined
 * transaction they share one round trip with whatever was sent before (a batch's keys' claim).
 */
export async function lockPurchaseStanding(
  tx: Db,
  purchases: readonly TPurchase[],
  { money }: { money: boolean },
): Promise<TPurchaseStanding> {
  const { item, now } = purchases[0]!;
  const buyers = [...new Set(purchases.map((purchase) => purchase.userId))];
  const [whitelisted, allowances, accounts] = await Promise.all([
    item.kind === 'PACK' && item.round.hasWhitelist
      ? whitelistedEmails(
          tx,
          item.round.id,
          purchases.map((purchase) => purchase.buyerEmail),
        )
      : null,
    countsAllowances(item, now) ? lockAllowances(tx, item.id, buyers) : null,
    money ? lockPurchaseAccounts(tx, buyers, now) : null,
  ]);
  return { whitelisted, allowances, perPersonLimit: item.perPersonLimit, accounts };
}
