import { eq } from 'drizzle-orm';
import type { TBalanceParts, TCurrency, TMyBalances } from '@cypher/contract';
import type { TConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { ledgerAccounts } from './wallet.tables.ts';

/** `GET /v1/balances/my`: each currency's parts, read from the balance rows the ledger keeps. */
export async function getMyBalances(db: Db, userId: string, wallet: TConfig['wallet']): Promise<TMyBalances> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.ownerUserId, userId));
  const partsOf = (currency: TCurrency): TBalanceParts => {
    const sum = (...kinds: string[]) =>
      rows
        .filter((row) => row.currency === currency && kinds.includes(row.kind))
        .reduce((total, row) => total + row.balance, 0);
    const money = (amount: number) => ({ amount, currency });
    return {
      withdrawable: money(sum('withdrawable')),
      nonWithdrawable: money(sum('unsettled', 'non_withdrawable')),
      held: money(sum('held')),
      total: money(sum('withdrawable', 'unsettled', 'non_withdrawable', 'held')),
    };
  };
  return {
    usd: partsOf('USD'),
    cyp: partsOf('CYP'),
    cypUnit: { minorUnits: wallet.cypMinorUnits, cypPerUsd: wallet.cypPerUsd },
  };
}
