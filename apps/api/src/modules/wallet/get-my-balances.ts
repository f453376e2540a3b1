import { eq, sql } from 'drizzle-orm';
import type { TBalanceParts, TCurrency, TMyBalances } from '@cypher/contract';
import type { TConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { BALANCE_PAYMENT_METHOD } from './purchase-purses.ts';
import { ledgerAccounts } from './wallet.tables.ts';

const DAY_MS = 24 * 60 * 60_000;

/*
 * Route: GET /v1/balances/my · Reads: ledger_accounts, and for money still settling ledger_entries and
 * ledger_transactions · UI: features/wallet (the balance and the withdraw tab) · Tests: balances.test.ts.
 */

/** `GET /v1/balances/my`: each currency's parts, read from the balance rows the ledger keeps, and what is settling. */
export async function getMyBalances(
  db: Db,
  userId: string,
  wallet: TConfig['wallet'],
  now: Date,
): Promise<TMyBalances> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.ownerUserId, userId));
  const sum = (currency: TCurrency, ...kinds: string[]) =>
    rows
      .filter((row) => row.currency === currency && kinds.includes(row.kind))
      .reduce((total, row) => total + row.balance, 0);
  const partsOf = (currency: TCurrency): TBalanceParts => {
    const money = (amount: number) => ({ amount, currency });
    return {
      withdrawable: money(sum(currency, 'withdrawable')),
      nonWithdrawable: money(sum(currency, 'unsettled', 'non_withdrawable')),
      held: money(sum(currency, 'held')),
      total: money(sum(currency, 'withdrawable', 'unsettled', 'non_withdrawable', 'held')),
    };
  };
  const unsettled = sum('USD', 'unsettled');
  return {
    usd: partsOf('USD'),
    cyp: partsOf('CYP'),
    cypUnit: { minorUnits: wallet.cypMinorUnits, cypPerUsd: wallet.cypPerUsd },
    settling:
      unsettled > 0
        ? {
            amount: { amount: unsettled, currency: 'USD' },
            withdrawableFrom: await allSettledFrom(db, userId, wallet.cardSettlementDays, now),
          }
        : null,
  };
}

/**
 * When the whole unsettled balance has passed the settlement delay: spending takes the oldest unsettled money first
 * (decision record 8), so what is left is the newest card and Tilia money, and it has all passed the delay once the
 * newest inflow has. A purchase paid by its own card or Tilia payment only passes through (its credit and debit are
 * one transaction), so it is not an inflow, as the settlement job counts it (settle-deposits.ts).
 */
async function allSettledFrom(db: Db, userId: string, settlementDays: number, now: Date): Promise<string> {
  const [newest] = await queryRows<{ created_at: Date | string }>(
    db,
    sql`select e.created_at from ledger_entries e
        join ledger_accounts a on a.id = e.account_id
        join ledger_transactions t on t.id = e.transaction_id
        where a.owner_user_id = ${userId} and a.kind = 'unsettled' and a.currency = 'USD' and e.amount > 0
          and not (t.kind = 'purchase' and t.payment_method <> ${BALANCE_PAYMENT_METHOD})
        order by e.created_at desc limit 1`,
  );
  // No inflow left to date it by (the ledger holds one for any unsettled money): due at the job's next run.
  if (!newest) return now.toISOString();
  return new Date(new Date(newest.created_at).getTime() + settlementDays * DAY_MS).toISOString();
}
