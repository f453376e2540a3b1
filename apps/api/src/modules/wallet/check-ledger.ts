import { sql } from 'drizzle-orm';
import type {
  TCurrency,
  THouseAccount,
  TLedgerAccountKind,
  TLedgerCheck,
  TSystemLedgerAccountKind,
} from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { houseKindsNeverBelowZero } from './ledger-accounts.ts';

const LIMIT = 20;
type TAmount = string | number;
const money = (amount: TAmount, currency: TCurrency) => ({ amount: Number(amount), currency });

/**
 * The ledger's audit (reads only): money neither created nor lost per currency, every movement balanced, every
 * balance row equal to the sum of its entries, no person below zero, and the house's earnings and payouts, summed over
 * their buckets, not below zero. Reads every entry, so it is for the console and tests, never a request path.
 */
export async function checkLedger(db: Db, now: Date): Promise<TLedgerCheck> {
  const currencyTotals = await queryRows<{ currency: TCurrency; total: TAmount }>(
    db,
    sql`select currency, sum(balance) as total from ledger_accounts group by currency order by currency`,
  );
  const unbalanced = await queryRows<{ transaction_id: string; currency: TCurrency; total: TAmount }>(
    db,
    sql`select transaction_id, currency, sum(amount) as total from ledger_entries
        group by transaction_id, currency having sum(amount) <> 0 limit ${LIMIT}`,
  );
  const offEntries = await queryRows<{ id: string; currency: TCurrency; balance: TAmount; entries: TAmount }>(
    db,
    sql`select a.id, a.currency, a.balance, coalesce(e.total, 0) as entries
        from ledger_accounts a
        left join (select account_id, sum(amount) as total from ledger_entries group by account_id) e on e.account_id = a.id
        where a.balance <> coalesce(e.total, 0) limit ${LIMIT}`,
  );
  const negative = await queryRows<{ id: string; kind: TLedgerAccountKind; currency: TCurrency; balance: TAmount }>(
    db,
    sql`select id, kind, currency, balance from ledger_accounts
        where owner_user_id is not null and balance < 0 limit ${LIMIT}`,
  );
  const houses = await queryRows<{
    kind: TSystemLedgerAccountKind;
    currency: TCurrency;
    balance: TAmount;
    buckets: TAmount;
  }>(
    db,
    sql`select kind, currency, sum(balance) as balance, count(*) as buckets from ledger_accounts
        where owner_user_id is null group by kind, currency order by kind, currency`,
  );

  const houseAccounts: THouseAccount[] = houses.map((row) => ({
    kind: row.kind,
    balance: money(row.balance, row.currency),
    buckets: Number(row.buckets),
  }));
  const check = {
    currencyTotals: currencyTotals.map((row) => money(row.total, row.currency)),
    unbalancedTransactions: unbalanced.map((row) => ({
      transactionId: row.transaction_id,
      sum: money(row.total, row.currency),
    })),
    accountsOffEntries: offEntries.map((row) => ({
      accountId: row.id,
      balance: money(row.balance, row.currency),
      entries: money(row.entries, row.currency),
    })),
    negativeAccounts: negative.map((row) => ({
      accountId: row.id,
      kind: row.kind,
      balance: money(row.balance, row.currency),
    })),
    houseAccountsBelowZero: houseAccounts.filter(
      (house) => houseKindsNeverBelowZero.has(house.kind) && house.balance.amount < 0,
    ),
    houseAccounts,
  };
  const isExact =
    check.currencyTotals.every((total) => total.amount === 0) &&
    check.unbalancedTransactions.length === 0 &&
    check.accountsOffEntries.length === 0 &&
    check.negativeAccounts.length === 0 &&
    check.houseAccountsBelowZero.length === 0;
  return { isExact, checkedAt: now.toISOString(), ...check };
}
