import { and, desc, eq } from 'drizzle-orm';
import {
  accountLastFour,
  bankAccountIdentity,
  bankAccountLabel,
  bankAccountUnusableReason,
  MAX_BANK_ACCOUNTS,
  type TWireDetails,
  type TBankAccount,
  type TBankAccountDetail,
} from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../http/app-error.ts';
import { newId } from '../../../lib/ids.ts';
import { hasRoomForOneMore } from '../person-slots.ts';
import { bankAccounts, type TBankAccountRow } from './payout-destinations.tables.ts';

/**
 * What a list shows: the account number goes no further than its last four. Details saved under older rules are kept
 * as they are, and said not usable (with why) where a wire withdrawal would refuse them, rather than failing on use.
 */
function bankAccountView(row: TBankAccountRow): TBankAccount {
  const unusableReason = bankAccountUnusableReason(row.details);
  return {
    id: row.id,
    label: row.label,
    country: row.country,
    accountLastFour: accountLastFour(row.details),
    holderName: `${row.details.firstName} ${row.details.lastName}`,
    isUsable: unusableReason === null,
    unusableReason,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listBankAccounts(db: Db, userId: string): Promise<TBankAccount[]> {
  const rows = await db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.userId, userId))
    .orderBy(desc(bankAccounts.createdAt), desc(bankAccounts.id));
  return rows.map(bankAccountView);
}

/** The whole details, to fill in the wire form; someone else's account is not found, as if it did not exist. */
export async function getBankAccount(db: Db, userId: string, id: string): Promise<TBankAccountDetail> {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.userId, userId)));
  if (!row) throw new AppError('BANK_ACCOUNT_NOT_FOUND');
  return { ...bankAccountView(row), details: row.details };
}

/**
 * Saves details already checked by the contract's ZWireDetails (the route's body schema, with the box confirming them), up to five per person, each
 * account once (the same account typed again, with spaces or in lower case, took two of the five places). The person's
 * row is locked first (hasRoomForOneMore), so two saves of one account at once cannot both find it absent.
 */
export async function addBankAccount(db: Db, userId: string, details: TWireDetails, now: Date): Promise<TBankAccount> {
  return inTransaction(db, async (tx) => {
    if (!(await hasRoomForOneMore(tx, bankAccounts, userId, MAX_BANK_ACCOUNTS))) {
      throw new AppError('BANK_ACCOUNT_LIMIT_REACHED');
    }
    const saved = await tx
      .select({ details: bankAccounts.details })
      .from(bankAccounts)
      .where(eq(bankAccounts.userId, userId));
    const identity = bankAccountIdentity(details);
    if (saved.some((row) => bankAccountIdentity(row.details) === identity)) {
      throw new AppError('BANK_ACCOUNT_ALREADY_SAVED');
    }
    const [row] = await tx
      .insert(bankAccounts)
      .values({
        id: newId(),
        userId,
        label: bankAccountLabel(details),
        country: details.country,
        details,
        createdAt: now,
      })
      .returning();
    return bankAccountView(row!);
  });
}

export async function deleteBankAccount(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(bankAccounts)
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.userId, userId)))
    .returning({ id: bankAccounts.id });
  if (deleted.length === 0) throw new AppError('BANK_ACCOUNT_NOT_FOUND');
}
