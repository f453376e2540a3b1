import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TCurrency, TSystemLedgerAccountKind, TUserLedgerAccountKind } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { newId } from '../../lib/ids.ts';
import { HOUSE_BUCKETS } from './wallet.tables.ts';
import { sqlArray } from '../../db/sql-arrays.ts';

/** Names a ledger account without knowing its row: a person's part of a currency, or one of the house's accounts. */
export type TAccountRef =
  | { userId: string; kind: TUserLedgerAccountKind; currency: TCurrency }
  | { system: TSystemLedgerAccountKind; currency: TCurrency };

export type TUserAccountRef = Extract<TAccountRef, { userId: string }>;

/**
 * House accounts whose total must never be below zero: what we earned and what we paid out. Clearing accounts stand
 * for what a provider owes us (or we owe it) and promotions is where rewards are issued from, so those go negative.
 * Checked on the sum of the buckets by checkLedger; a single bucket may dip below zero.
 */
export const houseKindsNeverBelowZero: ReadonlySet<TSystemLedgerAccountKind> = new Set([
  'fees',
  'revenue',
  'withdrawals_payout',
]);

export function isUserAccount(ref: TAccountRef): ref is TUserAccountRef {
  return 'userId' in ref;
}

export function accountKey(ref: TAccountRef): string {
  return isUserAccount(ref) ? `user:${ref.userId}:${ref.kind}:${ref.currency}` : `house:${ref.system}:${ref.currency}`;
}

/**
 * THE lock order of the ledger, for every posting (decision record 0013): a person's accounts first, by (person, kind,
 * currency), then the house's, by (kind, currency, bucket). Any two transactions that lock ledger rows take them in
 * this order, so they queue instead of deadlocking. A person's rows come first because a purchase must read (and so
 * lock) them before it knows its entries; house rows are only ever locked last, by the write.
 */
function compareLockOrder(a: TAccountRef, b: TAccountRef): number {
  const rank = (ref: TAccountRef) =>
    isUserAccount(ref) ? `0:${ref.userId}:${ref.kind}:${ref.currency}` : `1:${ref.system}:${ref.currency}`;
  const [left, right] = [rank(a), rank(b)];
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The bucket one call of postLedgerTransactions credits: random, so concurrent postings spread over the buckets. */
export function pickHouseBucket(): number {
  return randomInt(HOUSE_BUCKETS);
}

export interface TLockedAccount {
  id: string;
  balance: number;
}

/**
 * Locks a person's accounts in the ledger's lock order and returns them by accountKey, first creating those that
 * `create` names (accounts about to be credited: a first deposit, a first withdrawal hold). Creation comes before any
 * lock, because creating an account while holding rows that sort after it would break the order; so it is one
 * statement for a purchase (nothing to create) and two for a posting that credits a person. Call it once per
 * transaction for the same reason. Accounts that do not exist and were not to be created are absent from the result.
 */
export async function lockUserAccounts(
  tx: Db,
  refs: readonly TUserAccountRef[],
  now: Date,
  create: (ref: TUserAccountRef) => boolean = () => false,
): Promise<Map<string, TLockedAccount>> {
  const unique = [...new Map(refs.map((ref) => [accountKey(ref), ref])).values()].sort(compareLockOrder);
  if (unique.length === 0) return new Map();
  const creatable = unique.filter(create);
  if (creatable.length > 0) {
    // DO NOTHING takes no lock on an account that exists; one being created by another transaction is waited for,
    // and that transaction, past its own creation step, waits only for rows in the lock order.
    await tx.execute(sql`
      insert into ledger_accounts (id, owner_user_id, kind, currency, bucket, balance, allows_negative, created_at)
      select id, owner, kind, currency, 0, 0, false, ${now.toISOString()}::timestamptz
      from unnest(${sqlArray(creatable.map(() => newId()))}::uuid[], ${sqlArray(creatable.map((ref) => ref.userId))}::uuid[],
                  ${sqlArray(creatable.map((ref) => ref.kind))}::text[], ${sqlArray(creatable.map((ref) => ref.currency))}::text[])
        as m(id, owner, kind, currency)
      on conflict (owner_user_id, kind, currency) where owner_user_id is not null do nothing`);
  }
  return selectForUpdate(tx, unique);
}

async function selectForUpdate(tx: Db, refs: readonly TUserAccountRef[]): Promise<Map<string, TLockedAccount>> {
  // FOR UPDATE above an ORDER BY locks rows in that order: the ledger's lock order for a person's accounts.
  const rows = await queryRows<{
    id: string;
    owner_user_id: string;
    kind: TUserLedgerAccountKind;
    currency: TCurrency;
    balance: string | number;
  }>(
    tx,
    sql`
    select a.id, a.owner_user_id, a.kind, a.currency, a.balance
    from ledger_accounts a
    join unnest(${sqlArray(refs.map((ref) => ref.userId))}::uuid[], ${sqlArray(refs.map((ref) => ref.kind))}::text[],
                ${sqlArray(refs.map((ref) => ref.currency))}::text[]) as r(owner, kind, currency)
      on a.owner_user_id = r.owner and a.kind = r.kind and a.currency = r.currency
    order by a.owner_user_id, a.kind collate "C", a.currency collate "C"
    for update of a`,
  );
  return new Map(
    rows.map((row) => [
      accountKey({ userId: row.owner_user_id, kind: row.kind, currency: row.currency }),
      { id: row.id, balance: Number(row.balance) },
    ]),
  );
}
