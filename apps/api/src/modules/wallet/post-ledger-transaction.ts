import { sql } from 'drizzle-orm';
import type { TCurrency, TLedgerTransactionKind, TSystemLedgerAccountKind } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { queryRows } from '../../db/query-rows.ts';
import { AppError } from '../../http/app-error.ts';
import { newId, newIdAt } from '../../lib/ids.ts';
import {
  accountKey,
  isUserAccount,
  lockUserAccounts,
  pickHouseBucket,
  type TAccountRef,
  type TLockedAccount,
  type TUserAccountRef,
} from './ledger-accounts.ts';
import { sqlArray } from '../../db/sql-arrays.ts';

export interface TLedgerEntryInput {
  account: TAccountRef;
  /** Signed minor units in the account's currency: positive adds to the account, negative takes from it. */
  amount: number;
}

export interface TLedgerTransactionInput {
  /**
   * The movement's id, when the caller must name it before it is posted (a purchase batch sends its orders, which
   * reference their movements, in the same round trip as the posting); otherwise made here.
   */
  id?: string;
  kind: TLedgerTransactionKind;
  /** What the movement is about; (kind, type, id) is unique, so the same thing never moves money twice. */
  reference: { type: string; id: string };
  description: string;
  /** Payments only: what the receipt shows (spec section 3). */
  receipt?: { paymentMethod: string; subtotal: number; serviceFee: number };
  /** At most one entry per account. */
  entries: TLedgerEntryInput[];
  now: Date;
}

export interface TPostingOptions {
  /** A person's accounts the caller has already locked with lockUserAccounts (a purchase reads them to split). */
  locked?: Map<string, TLockedAccount>;
}

/** A caller's bug, never a user's mistake: it becomes a 500 and is reported. */
export class LedgerInvariantError extends Error {
  override name = 'LedgerInvariantError';
}

/** The unique reference was already used: the same order, deposit or withdrawal step was already posted. */
export function isDuplicateLedgerReference(error: unknown): boolean {
  return isUniqueViolation(error, 'ledger_transactions_reference_key');
}

/** One movement; see postLedgerTransactions. Returns the ledger transaction id. */
export async function postLedgerTransaction(
  tx: Db,
  input: TLedgerTransactionInput,
  options?: TPostingOptions,
): Promise<string> {
  const [id] = await postLedgerTransactions(tx, [input], options);
  return id!;
}

/**
 * The one way money moves (ARCHITECTURE rule 4), for one movement or many at once, inside the caller's transaction
 * (rule 9). Writes ledger_accounts (balances), ledger_transactions and ledger_entries.
 *
 * 1. Checks that each movement's entries sum to zero per currency.
 * 2. Locks the people's accounts in the ledger's lock order (unless the caller already did) and checks in memory that
 *    none would go below zero: a refusal is INSUFFICIENT_FUNDS before anything is written.
 * 3. Writes everything in one statement: the people's balances (conditional, as a last line of defence), one bucket of
 *    each house account touched (locked last, in order, by the upsert), the transactions and their entries.
 *
 * So a posting is two statements (one, sent at once, when the caller locked the accounts), whatever its size, and the house side is
 * spread over HOUSE_BUCKETS rows so that concurrent sales do not queue on one lock (decision record 0013). Movements
 * posted together are checked on their combined effect per account.
 */
export async function postLedgerTransactions(
  tx: Db,
  inputs: readonly TLedgerTransactionInput[],
  options: TPostingOptions = {},
): Promise<string[]> {
  const postings = inputs.map((input) => ({
    ...input,
    // Made from the movement's time, so the journal's order by id is its order by time (list-ledger-transactions.ts).
    id: input.id ?? newIdAt(input.now),
    entries: input.entries.filter((entry) => entry.amount !== 0),
  }));
  for (const posting of postings) assertBalanced(posting.entries);
  if (postings.length === 0) return [];

  const userDeltas = new Map<string, { ref: TUserAccountRef; delta: number; isCredited: boolean }>();
  const houseDeltas = new Map<string, { kind: TSystemLedgerAccountKind; currency: TCurrency; delta: number }>();
  for (const { account, amount } of postings.flatMap((posting) => posting.entries)) {
    const key = accountKey(account);
    if (isUserAccount(account)) {
      const change = userDeltas.get(key) ?? { ref: account, delta: 0, isCredited: false };
      userDeltas.set(key, { ...change, delta: change.delta + amount, isCredited: change.isCredited || amount > 0 });
    } else {
      const change = houseDeltas.get(key) ?? { kind: account.system, currency: account.currency, delta: 0 };
      houseDeltas.set(key, { ...change, delta: change.delta + amount });
    }
  }

  const now = postings[0]!.now;
  const locked = new Map(options.locked);
  const toLock = [...userDeltas.values()].filter((change) => !locked.has(accountKey(change.ref)));
  const creditedKeys = new Set(toLock.filter((change) => change.isCredited).map((change) => accountKey(change.ref)));
  // Nothing awaited when the caller locked every account: the posting is then sent as this is called, so a caller
  // can send it together with its own statements (pipelined-transaction.ts).
  const justLocked =
    toLock.length === 0
      ? new Map<string, TLockedAccount>()
      : await lockUserAccounts(
          tx,
          toLock.map((change) => change.ref),
          now,
          (ref) => creditedKeys.has(accountKey(ref)),
        );
  for (const [key, account] of justLocked) locked.set(key, account);
  for (const [key, change] of userDeltas) {
    const account = locked.get(key);
    if (!account || account.balance + change.delta < 0) throw new AppError('INSUFFICIENT_FUNDS');
  }

  const users = [...userDeltas].map(([key, change]) => ({ id: locked.get(key)!.id, delta: change.delta }));
  const houses = [...houseDeltas.values()];
  const transactions = postings;
  const entries = postings.flatMap((posting) =>
    posting.entries.map((entry) => ({
      id: newId(),
      transactionId: posting.id,
      accountId: isUserAccount(entry.account) ? locked.get(accountKey(entry.account))!.id : null,
      houseKind: isUserAccount(entry.account) ? null : entry.account.system,
      currency: entry.account.currency,
      amount: entry.amount,
      createdAt: posting.now.toISOString(),
    })),
  );

  // House rows are upserted in (kind, currency) order, one bucket per call: the last part of the lock order.
  houses.sort((a, b) => (`${a.kind}:${a.currency}` < `${b.kind}:${b.currency}` ? -1 : 1));
  const [written] = await queryRows<{ user_rows: number | string }>(
    tx,
    sql`
    with user_changes as (
      update ledger_accounts a set balance = a.balance + d.delta
      from unnest(${sqlArray(users.map((u) => u.id))}::uuid[], ${sqlArray(users.map((u) => u.delta))}::bigint[]) as d(id, delta)
      where a.id = d.id and a.balance + d.delta >= 0
      returning a.id
    ), house_changes as (
      insert into ledger_accounts (id, owner_user_id, kind, currency, bucket, balance, allows_negative, created_at)
      select h.id, null, h.kind, h.currency, ${pickHouseBucket()}, h.delta, true, ${now.toISOString()}::timestamptz
      from unnest(${sqlArray(houses.map(() => newId()))}::uuid[], ${sqlArray(houses.map((h) => h.kind))}::text[],
                  ${sqlArray(houses.map((h) => h.currency))}::text[], ${sqlArray(houses.map((h) => h.delta))}::bigint[])
        as h(id, kind, currency, delta)
      on conflict (kind, currency, bucket) where owner_user_id is null
      do update set balance = ledger_accounts.balance + excluded.balance
      returning id, kind, currency
    ), transactions as (
      insert into ledger_transactions
        (id, kind, reference_type, reference_id, description, payment_method, subtotal_amount, service_fee_amount, created_at)
      select * from unnest(
        ${sqlArray(transactions.map((t) => t.id))}::uuid[], ${sqlArray(transactions.map((t) => t.kind))}::text[],
        ${sqlArray(transactions.map((t) => t.reference.type))}::text[], ${sqlArray(transactions.map((t) => t.reference.id))}::text[],
        ${sqlArray(transactions.map((t) => t.description))}::text[],
        ${sqlArray(transactions.map((t) => t.receipt?.paymentMethod ?? null))}::text[],
        ${sqlArray(transactions.map((t) => t.receipt?.subtotal ?? null))}::bigint[],
        ${sqlArray(transactions.map((t) => t.receipt?.serviceFee ?? null))}::bigint[],
        ${sqlArray(transactions.map((t) => t.now.toISOString()))}::timestamptz[])
    ), entries as (
      insert into ledger_entries (id, transaction_id, account_id, currency, amount, created_at)
      select e.id, e.transaction_id, coalesce(e.account_id, h.id), e.currency, e.amount, e.created_at
      from unnest(
        ${sqlArray(entries.map((e) => e.id))}::uuid[], ${sqlArray(entries.map((e) => e.transactionId))}::uuid[],
        ${sqlArray(entries.map((e) => e.accountId))}::uuid[], ${sqlArray(entries.map((e) => e.houseKind))}::text[],
        ${sqlArray(entries.map((e) => e.currency))}::text[], ${sqlArray(entries.map((e) => e.amount))}::bigint[],
        ${sqlArray(entries.map((e) => e.createdAt))}::timestamptz[])
        as e(id, transaction_id, account_id, house_kind, currency, amount, created_at)
      left join house_changes h on e.account_id is null and h.kind = e.house_kind and h.currency = e.currency
    )
    select (select count(*) from user_changes) as user_rows`,
  );
  // The accounts were locked and checked above, so a row the conditional UPDATE skipped is a bug, never a user's.
  if (Number(written?.user_rows) !== users.length) {
    throw new LedgerInvariantError(`ledger posting changed ${written?.user_rows} of ${users.length} balances`);
  }
  return postings.map((posting) => posting.id);
}

function assertBalanced(entries: TLedgerEntryInput[]): void {
  const sums = new Map<TCurrency, number>();
  const accounts = new Set<string>();
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.amount)) {
      throw new LedgerInvariantError(`ledger amounts are integer minor units, got ${entry.amount}`);
    }
    const key = accountKey(entry.account);
    if (accounts.has(key)) throw new LedgerInvariantError(`one movement has two entries for ${key}`);
    accounts.add(key);
    sums.set(entry.account.currency, (sums.get(entry.account.currency) ?? 0) + entry.amount);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0) throw new LedgerInvariantError(`ledger entries sum to ${sum} ${currency}, not zero`);
  }
}
