import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountKeys, mfaChallenges, sessions } from './auth.tables.ts';

/**
 * An account deletion's part here: every sign-in (with its IP addresses and devices; refresh tokens go with them),
 * pending email keys (a reset link must not revive the account) and SMS challenges. Writes: sessions, account_keys,
 * mfa_challenges.
 */
export async function eraseSignInRecords(tx: Db, userId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(accountKeys).where(eq(accountKeys.userId, userId));
  await tx.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId));
}
