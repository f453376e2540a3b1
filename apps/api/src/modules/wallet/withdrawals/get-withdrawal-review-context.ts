import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { reviewOtherRequestsShown, type TWithdrawalReviewContext } from '@cypher/contract';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TConfig } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { identityVerifiedAt } from '../../identity/get-my-identity-verification.ts';
import { peopleByIds, personJoinedAt } from '../../users/people.ts';
import { getMyBalances } from '../get-my-balances.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../wallet.tables.ts';
import { withdrawalView } from './withdrawal-views.ts';
import { withdrawals, type TWithdrawalRow } from './withdrawals.tables.ts';

/*
 * Route: GET /v1/console/withdrawals/:id/context · Reads: withdrawals, ledger_accounts (the balance), ledger_entries and ledger_transactions (deposits), and
 * through their modules users and identity_verifications · UI: features/console (the withdrawal's review) ·
 * Tests: withdrawal-review-context.test.ts.
 */

/** How many other people sharing the destination are named; a review needs to see that there are some, and who. */
const sharedWithShown = 5;

/**
 * What names a payout's destination however it was typed: the method, then the bank's and the account's identifiers
 * without spaces or dashes, in capitals (as the contract's bankAccountIdentity compares saved accounts: "1234-56789"
 * is account 123456789), and the address in lower case (an EVM address is one address in any case). The SWIFT code
 * names the bank only where no IBAN does, by its first eight characters (the branch suffix, XXX or none, is the same
 * bank), as bankAccountIdentity has it. Fields a method does not use are null, in place, so a wire's routing number
 * never meets another scheme's institution number.
 */
function destinationKey(details: SQL, method: SQL): SQL {
  const plain = (field: string) =>
    sql`upper(regexp_replace(${details}->>${sql.raw(`'${field}'`)}, '[[:space:]-]', '', 'g'))`;
  return sql`jsonb_build_array(
    ${method},
    ${plain('iban')},
    ${plain('routingNumber')},
    ${plain('institutionNumber')},
    ${plain('transitNumber')},
    case when ${details} ?| array['iban', 'routingNumber', 'institutionNumber'] then null else left(${plain('swift')}, 8) end,
    ${plain('accountNumber')},
    lower(${details}->>'address')
  )`;
}

const rowDestination = destinationKey(sql`${withdrawals.payoutDetails}`, sql`${withdrawals.method}`);
const destinationOf = (row: TWithdrawalRow) =>
  destinationKey(sql`${JSON.stringify(row.payoutDetails)}::jsonb`, sql`${row.method}::text`);

const tallyOf = (amount: AnyPgColumn) => ({
  count: count(),
  total: sql<number>`coalesce(sum(${amount}), 0)`.mapWith(Number),
});
const usd = (amount: number) => ({ amount, currency: 'USD' as const });

/**
 * `GET /v1/console/withdrawals/:id/context` (admins): the person behind a request, read now. Withdrawals are few
 * beside purchases, so the destination's matches scan the person's rows and, for other people, the table; a review
 * runs it once per look, never on a purchase's path.
 */
export async function getWithdrawalReviewContext(
  db: Db,
  id: string,
  wallet: TConfig['wallet'],
  now: Date,
): Promise<TWithdrawalReviewContext> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
  const theirs = eq(withdrawals.userId, row.userId);
  const others = and(theirs, ne(withdrawals.id, row.id));
  const sameDestination = sql`${rowDestination} = ${destinationOf(row)}`;

  const [joinedAt, verifiedAt, balances, [added], [paidOut], otherRows, [otherCount], [paidBefore], sharers] =
    await Promise.all([
      personJoinedAt(db, row.userId),
      identityVerifiedAt(db, row.userId),
      getMyBalances(db, row.userId, wallet, now),
      db
        .select(tallyOf(ledgerEntries.amount))
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(
          and(
            eq(ledgerAccounts.ownerUserId, row.userId),
            eq(ledgerAccounts.currency, 'USD'),
            eq(ledgerTransactions.kind, 'deposit'),
          ),
        ),
      db
        .select(tallyOf(withdrawals.amount))
        .from(withdrawals)
        .where(and(theirs, eq(withdrawals.status, 'paid'))),
      db
        .select()
        .from(withdrawals)
        .where(others)
        .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
        .limit(reviewOtherRequestsShown),
      db.select({ count: count() }).from(withdrawals).where(others),
      db
        .select({ count: count() })
        .from(withdrawals)
        .where(and(others, eq(withdrawals.status, 'paid'), sameDestination)),
      db
        .selectDistinct({ userId: withdrawals.userId })
        .from(withdrawals)
        .where(and(ne(withdrawals.userId, row.userId), sameDestination))
        .limit(sharedWithShown),
    ]);
  const people = await peopleByIds(
    db,
    sharers.map((sharer) => sharer.userId),
  );

  return {
    person: { joinedAt: joinedAt.toISOString(), identityVerifiedAt: verifiedAt?.toISOString() ?? null },
    balance: balances.usd,
    added: { count: added?.count ?? 0, total: usd(added?.total ?? 0) },
    paidOut: { count: paidOut?.count ?? 0, total: usd(paidOut?.total ?? 0) },
    otherRequests: otherRows.map(withdrawalView),
    otherRequestCount: otherCount?.count ?? 0,
    destination: { paidBefore: paidBefore?.count ?? 0, sharedWith: [...people.values()] },
  };
}
