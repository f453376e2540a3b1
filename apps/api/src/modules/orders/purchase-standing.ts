import type { Db } from '../../db/client.ts';
import { whitelistedEmails } from '../drops/get-sale-drop.ts';
import { lockRafflePlaces } from '../raffles/raffle-places.ts';
import { lockPurchaseAccounts } from '../wallet/purchase-purses.ts';
import { lockAllowances } from './purchase-allowance.ts';
import type { TPurchaseStanding } from './purchase-decisions.ts';
import type { TPurchase } from './purchase-round.ts';
import { countsAllowances } from './sale-items.ts';

/**
 * Route: POST /v2/orders, for both payment paths (purchase-from-balance.ts, hold-for-payment.ts) · Writes:
 * purchase_allowances (a missing row, created at 0) · Reads: sale_policy_whitelist, ledger_accounts (locked), in a
 * raffle round raffle_entries (locked, through lockRafflePlaces) · Tests: purchase-from-balance.test.ts,
 * card-orders.test.ts, purchase-races.test.ts, raffles/raffle-window-races.test.ts.
 *
 * What purchases of one item are decided by (purchase-decisions.ts): in a raffle round which buyers' places hold now,
 * the whitelist, the buyers' allowance rows and, for `money`, their spendable accounts, read and locked in the one lock
 * order of db/transaction.ts (raffle entries, allowances, then ledger accounts). Every statement is sent as this is
 * called, before any answer is awaited, so in a pipelined transaction they share one round trip with whatever was sent
 * before (a batch's keys' claim).
 */
export async function lockPurchaseStanding(
  tx: Db,
  purchases: readonly TPurchase[],
  { money }: { money: boolean },
): Promise<TPurchaseStanding> {
  const { item, now } = purchases[0]!;
  const buyers = [...new Set(purchases.map((purchase) => purchase.userId))];
  const rafflePlace = item.kind === 'PACK' ? item.rafflePlace : null;
  const [rafflePlaces, whitelisted, allowances, accounts] = await Promise.all([
    // Only in a raffle round: its winners' entries, locked first so a purchase waiting on the second draw holds
    // nothing else meanwhile (raffles/raffle-places.ts says why they are locked at all).
    rafflePlace ? lockRafflePlaces(tx, rafflePlace, buyers) : null,
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
  return { rafflePlaces, whitelisted, allowances, perPersonLimit: item.perPersonLimit, accounts };
}
