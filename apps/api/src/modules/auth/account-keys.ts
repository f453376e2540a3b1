import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { AppError } from '../../http/app-error.ts';
import { accountKeys } from './auth.tables.ts';
import { hashSecretToken, newSecretToken } from './secret-tokens.ts';

export type AccountKeyPurpose = (typeof accountKeys.$inferSelect)['purpose'];

const ACCOUNT_KEY_LIFETIME_MS: Record<AccountKeyPurpose, number> = {
  email_verification: 24 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
};

/** The row of this key for this purpose, whatever its state (the key is matched by its hash). */
const isKeyOf = (purpose: AccountKeyPurpose, key: string) =>
  and(eq(accountKeys.keyHash, hashSecretToken(key)), eq(accountKeys.purpose, purpose));

/** Makes a key for an email link; only its hash is stored. Returns the key itself, for the link. */
export async function issueAccountKey(tx: Db, userId: string, purpose: AccountKeyPurpose, now: Date): Promise<string> {
  const key = newSecretToken();
  await tx.insert(accountKeys).values({
    id: newId(),
    userId,
    purpose,
    keyHash: hashSecretToken(key),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ACCOUNT_KEY_LIFETIME_MS[purpose]),
  });
  return key;
}

/** The user a still-valid key belongs to, without spending it (to prepare work before the transaction). */
export async function findAccountKeyOwner(db: Db, purpose: AccountKeyPurpose, key: string, now: Date) {
  const [row] = await db
    .select({ userId: accountKeys.userId })
    .from(accountKeys)
    .where(and(isKeyOf(purpose, key), isNull(accountKeys.usedAt), gt(accountKeys.expiresAt, now)));
  if (!row) throw new AppError('INVALID_AUTHORIZATION_KEY');
  return row.userId;
}

/**
 * Spends a key: one conditional update, so two clicks on the same link cannot both succeed. A wrong, expired or
 * used key answers INVALID_AUTHORIZATION_KEY.
 */
export async function consumeAccountKey(tx: Db, purpose: AccountKeyPurpose, key: string, now: Date): Promise<string> {
  const [row] = await tx
    .update(accountKeys)
    .set({ usedAt: now })
    .where(and(isKeyOf(purpose, key), isNull(accountKeys.usedAt), gt(accountKeys.expiresAt, now)))
    .returning({ userId: accountKeys.userId });
  if (!row) throw new AppError('INVALID_AUTHORIZATION_KEY');
  return row.userId;
}

/** Who spent this key, if it was a real one spent already (a link opened twice); null otherwise. */
export async function spentAccountKeyOwner(tx: Db, purpose: AccountKeyPurpose, key: string): Promise<string | null> {
  const [row] = await tx
    .select({ userId: accountKeys.userId })
    .from(accountKeys)
    .where(and(isKeyOf(purpose, key), isNotNull(accountKeys.usedAt)));
  return row?.userId ?? null;
}

/**
 * Spends every unspent key of one purpose an account has: the reset links mailed before its password changed. Keys
 * another request holds are skipped: that request is spending its own key (consumeAccountKey), and waiting for it
 * while it waits for this one's was a deadlock when two of the links were opened at once. If it rolls back, its key
 * stays unspent, as a link that was never opened would.
 */
export async function spendAccountKeysOf(tx: Db, userId: string, purpose: AccountKeyPurpose, now: Date): Promise<void> {
  await tx.execute(sql`
    update account_keys set used_at = ${now.toISOString()}::timestamptz
    where id in (select id from account_keys
                 where user_id = ${userId}::uuid and purpose = ${purpose} and used_at is null
                 for update skip locked)`);
}
