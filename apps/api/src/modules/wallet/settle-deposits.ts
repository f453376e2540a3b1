import { sql } from 'drizzle-orm';
import type { TCurrency } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { inTransaction } from '../../db/transaction.ts';
import { accountKey, lockUserAccounts } from './ledger-accounts.ts';
import { postLedgerTransaction } from './post-ledger-transaction.ts';
import { BALANCE_PAYMENT_METHOD } from './purchase-purses.ts';
import { settleableAmount, settlementCutoff } from './withdrawability.ts';

const BATCH_SIZE = 200;

/**
 * Whether entry `e` of an unsettled account counts in the young sum: an inflow, or the debit of a purchase paid by its
 * own card or Tilia deposit. Such a purchase credits the deposit and debits the order (the money only passes
 * through), so its debit cancels its credit: counted as young, the credit held back older money past the delay for
 * as long as the person kept paying orders by card.
 */
const countsAsYoung = sql`(e.amount > 0 or exists (select 1 from ledger_transactions t where t.id = e.transaction_id
  and t.kind = 'purchase' and t.payment_method <> ${BALANCE_PAYMENT_METHOD}))`;

/** What entered an unsettled account and stayed, split at the cutoff: the sum after it, and the newest entry at or before it. */
function unsettledInflow(accountId: string | null, cutoff: Date) {
  const account = accountId === null ? sql`a.id` : sql`${accountId}::uuid`;
  return {
    young: sql`coalesce((select sum(e.amount) from ledger_entries e
      where e.account_id = ${account} and e.created_at > ${cutoff.toISOString()}::timestamptz and ${countsAsYoung}), 0)`,
    newestDue: sql`(select e.id from ledger_entries e
      where e.account_id = ${account} and e.amount > 0 and e.created_at <= ${cutoff.toISOString()}::timestamptz
      order by e.created_at desc, e.id desc limit 1)`,
  };
}

/**
 * The entries of a person's unsettled USD that the young sum counts after the cutoff, one by one, newest first: for
 * telling them when it settles (withdrawability.ts, settlementSchedule), by the same rule the job settles by.
 */
export async function youngUnsettledEntries(
  db: Db,
  userId: string,
  cutoff: Date,
): Promise<{ amount: number; createdAt: Date }[]> {
  const rows = await queryRows<{ amount: string | number; created_at: Date | string }>(
    db,
    sql`select e.amount, e.created_at from ledger_entries e join ledger_accounts a on a.id = e.account_id
        where a.owner_user_id = ${userId} and a.kind = 'unsettled' and a.currency = 'USD'
          and e.created_at > ${cutoff.toISOString()}::timestamptz and ${countsAsYoung}
        order by e.created_at desc, e.id desc`,
  );
  return rows.map((row) => ({ amount: Number(row.amount), createdAt: new Date(row.created_at) }));
}

/**
 * The recurring job of the withdrawability rule (writes ledger_accounts, ledger_transactions, ledger_entries): the
 * part of each person's unsettled balance that belongs to money past the settlement delay becomes withdrawable
 * (settleableAmount). Each person settles in a transaction of their own, under the lock of their accounts, so runs
 * that overlap (several instances, a retry) recompute and move nothing twice. The settlement's reference is the newest
 * inflow it covers: a settlement moves money only when a newer inflow has passed the delay, so it is unique.
 * Returns how many settlements it posted.
 */
export async function settleDeposits(db: Db, now: Date, settlementDays: number): Promise<number> {
  const cutoff = settlementCutoff(now, settlementDays);
  const inflow = unsettledInflow(null, cutoff);
  let settled = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const due = await queryRows<{ id: string; owner_user_id: string; currency: TCurrency }>(
      db,
      sql`select a.id, a.owner_user_id, a.currency from ledger_accounts a
          where a.kind = 'unsettled' and a.balance > ${inflow.young} and a.id > ${after}::uuid
          order by a.id limit ${BATCH_SIZE}`,
    );
    for (const account of due) {
      const hasSettled = await inTransaction(db, async (tx) => {
        const unsettled = { userId: account.owner_user_id, kind: 'unsettled' as const, currency: account.currency };
        const withdrawable = { ...unsettled, kind: 'withdrawable' as const };
        const locked = await lockUserAccounts(tx, [unsettled, withdrawable], now, (ref) => ref.kind === 'withdrawable');
        const mine = unsettledInflow(account.id, cutoff);
        const [split] = await queryRows<{ young: string | number; newest_due: string | null }>(
          tx,
          sql`select ${mine.young} as young, ${mine.newestDue} as newest_due`,
        );
        const amount = settleableAmount(locked.get(accountKey(unsettled))!.balance, Number(split!.young));
        if (amount === 0 || !split!.newest_due) return false;
        await postLedgerTransaction(
          tx,
          {
            kind: 'settlement',
            reference: { type: 'ledger_entry', id: split!.newest_due },
            description: 'Funds became withdrawable',
            entries: [
              { account: unsettled, amount: -amount },
              { account: withdrawable, amount },
            ],
            now,
          },
          { locked },
        );
        return true;
      });
      if (hasSettled) settled += 1;
    }
    if (due.length < BATCH_SIZE) return settled;
    after = due.at(-1)!.id;
  }
}
