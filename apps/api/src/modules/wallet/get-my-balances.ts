import { eq } from 'drizzle-orm';
import type { TBalanceParts, TCurrency, TMyBalances } from '@cypher/contract';
import type { TConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { youngUnsettledEntries } from './settle-deposits.ts';
import { settlementCutoff, settlementSchedule } from './withdrawability.ts';
import { ledgerAccounts } from './wallet.tables.ts';

/*
 * Route: GET /v1/balances/my · Reads: ledger_accounts, and for money still settling ledger_entries and
 * ledger_transactions (through settle-deposits.ts) · UI: features/wallet (the balance and the withdraw tab) · Tests: balances.test.ts.
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
    settling: unsettled > 0 ? await settlingOf(db, userId, unsettled, wallet.cardSettlementDays, now) : null,
  };
}

/** The unsettled dollars, and when they become withdrawable by the settlement job's own rule (decision record 8). */
async function settlingOf(
  db: Db,
  userId: string,
  unsettled: number,
  settlementDays: number,
  now: Date,
): Promise<TMyBalances['settling']> {
  const young = await youngUnsettledEntries(db, userId, settlementCutoff(now, settlementDays));
  const schedule = settlementSchedule(unsettled, young, settlementDays, now);
  if (!schedule) return null;
  const usd = (amount: number) => ({ amount, currency: 'USD' as const });
  return {
    amount: usd(unsettled),
    withdrawableFrom: schedule.all.at.toISOString(),
    soonest: { amount: usd(schedule.soonest.amount), withdrawableFrom: schedule.soonest.at.toISOString() },
  };
}
