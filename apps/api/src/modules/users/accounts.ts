import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { TAccountStatus } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { users, type TUserRow } from './users.tables.ts';

/**
 * The account row as the sign-in side (modules/auth) reads and changes it: the auth module owns the rules for
 * passwords, codes and sessions, this module owns the row they are kept in. Writes: users.
 */
export type TAccount = TUserRow;

export async function findAccountByEmail(db: Db, email: string): Promise<TAccount | undefined> {
  const [account] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return account;
}

export async function findAccountById(db: Db, userId: string): Promise<TAccount | undefined> {
  const query = preparedQuery(db, 'find_account_by_id', (handle) =>
    handle
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')))
      .prepare('find_account_by_id'),
  );
  const [account] = await query.execute({ userId });
  return account;
}

/**
 * A new account that agreed to the terms and privacy policy now: CREATED with a password, or EMAIL_VERIFIED
 * without one when a provider vouched for the address. An address taken whatever its case fails the insert; catch
 * it with isEmailTaken (the transaction is over then).
 */
export async function createAccount(
  tx: Db,
  account: {
    id: string;
    email: string;
    passwordHash: string | null;
    status: Extract<TAccountStatus, 'CREATED' | 'EMAIL_VERIFIED'>;
    marketingConsent: boolean;
  },
  now: Date,
): Promise<void> {
  await tx.insert(users).values({
    ...account,
    agreedToTermsAt: now,
    agreedToPrivacyAt: now,
    emailVerifiedAt: account.status === 'EMAIL_VERIFIED' ? now : null,
    passwordChangedAt: account.passwordHash ? now : null,
    createdAt: now,
    updatedAt: now,
  });
}

/** Whether an insert failed because the email already has an account. */
export function isEmailTaken(error: unknown): boolean {
  return isUniqueViolation(error, 'users_email_lower_key');
}

/**
 * A new password hash, the one it replaces kept as the previous one in the same statement (so two changes at once
 * each keep the hash they replaced, never one read before the other wrote); a reset link also proves the address, so
 * it may set `emailVerifiedAt` with it.
 */
export async function setPasswordHash(
  tx: Db,
  userId: string,
  passwordHash: string,
  now: Date,
  proven: { emailVerifiedAt?: Date } = {},
): Promise<void> {
  await tx
    .update(users)
    .set({
      previousPasswordHash: sql`${users.passwordHash}`,
      passwordHash,
      passwordChangedAt: now,
      updatedAt: now,
      ...proven,
    })
    .where(eq(users.id, userId));
}

/**
 * The account's password hash, its row held FOR SHARE until the transaction ends: a password change (setPasswordHash)
 * waits for what is done under it, or is seen by it once committed.
 */
export async function lockedPasswordHash(tx: Db, userId: string): Promise<string | null | undefined> {
  const [row] = await tx
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .for('share');
  return row?.passwordHash;
}

/**
 * Two-factor on (a phone) or off (null), as one conditional update: false when it already was, so two requests at
 * once cannot both turn it on.
 */
export async function setTwoFactorPhone(tx: Db, userId: string, phoneNumber: string | null, now: Date) {
  const [changed] = await tx
    .update(users)
    .set({ phoneNumber, mfaEnabledAt: phoneNumber ? now : null, updatedAt: now })
    .where(and(eq(users.id, userId), phoneNumber ? isNull(users.mfaEnabledAt) : isNotNull(users.mfaEnabledAt)))
    .returning({ id: users.id });
  return changed !== undefined;
}

/**
 * Marks the address verified, only if it is not yet: the status it had (the caller moves a CREATED account on), or
 * undefined when it was verified already (by another link, or a password reset by email), whose date stays. One
 * conditional update: of two links opened at once, the second waits for the first's row and then finds it verified.
 */
export async function markEmailVerified(tx: Db, userId: string, now: Date): Promise<TAccountStatus | undefined> {
  const [account] = await tx
    .update(users)
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning({ status: users.status });
  return account?.status;
}
