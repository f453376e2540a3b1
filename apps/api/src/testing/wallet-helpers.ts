import { eq } from 'drizzle-orm';
import type { TCurrency } from '@cypher/contract';
import type { Db } from '../db/client.ts';
import { inTransaction } from '../db/transaction.ts';
import { newId } from '../lib/ids.ts';
import { users } from '../modules/users/users.tables.ts';
import { postDeposit, type TDepositInput } from '../modules/wallet/post-deposit.ts';
import { checkLedger } from '../modules/wallet/check-ledger.ts';
import { ledgerAccounts } from '../modules/wallet/wallet.tables.ts';

/** A complete US wire destination (wire routing number with a good ABA checksum) for withdrawal and bank tests. */
export const usWireDetails = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  bankName: 'First Bank',
  branch: 'Main Street',
  address: '1 Main Street',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  country: 'US',
  routingNumber: '021000021',
  accountNumber: '000123456789',
} as const;

/** A user row (ACTIVE, email verified) for tests that need an owner but not a sign-in: no password hashing, so property runs stay fast. */
export async function insertTestUser(db: Db, now = new Date()): Promise<string> {
  const id = newId();
  await db.insert(users).values({
    id,
    email: `ledger.${id}@example.com`,
    status: 'ACTIVE',
    emailVerifiedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

/**
 * Tests only: credits a person the way a confirmed deposit does, through the production postDeposit (and so the
 * same postLedgerTransaction), without a payment provider.
 */
export function depositForTest(
  db: Db,
  input: Omit<TDepositInput, 'referenceId' | 'paymentMethod' | 'currency' | 'now'> &
    Partial<Pick<TDepositInput, 'currency' | 'now' | 'paymentMethod'>>,
): Promise<string> {
  return inTransaction(db, (tx) =>
    postDeposit(tx, {
      currency: 'USD',
      paymentMethod: input.source === 'card' ? 'Visa •••• 4242' : input.source,
      now: new Date(),
      ...input,
      referenceId: `test-${newId()}`,
    }),
  );
}

/** The person's balance rows by kind, for one currency. */
export async function balancesOf(db: Db, userId: string, currency: TCurrency = 'USD'): Promise<Record<string, number>> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.ownerUserId, userId));
  return Object.fromEntries(rows.filter((row) => row.currency === currency).map((row) => [row.kind, row.balance]));
}

/** The ledger's invariants over the whole database, from the production audit; each list is empty when they hold. */
export async function ledgerInvariantViolations(db: Db) {
  const check = await checkLedger(db, new Date());
  return {
    negative: [...check.negativeAccounts, ...check.houseAccountsBelowZero],
    unbalancedTransactions: check.unbalancedTransactions,
    balanceNotSumOfEntries: check.accountsOffEntries,
    nonZeroCurrencies: check.currencyTotals.filter((total) => total.amount !== 0),
  };
}

export const noViolations = {
  negative: [],
  unbalancedTransactions: [],
  balanceNotSumOfEntries: [],
  nonZeroCurrencies: [],
};
