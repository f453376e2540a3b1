import type { Db } from '../../db/client.ts';
import { spendAccountKeysOf } from './account-keys.ts';
import { spendOpenChallengesOf } from './mfa-challenges.ts';
import { revokeUserSessions } from './sessions.ts';

/**
 * Route: PATCH /v1/users/authentications/reset-password and POST .../change-password (reset-password.ts,
 * change-password.ts) · Writes: account_keys, mfa_challenges, sessions · Tests: passwords.test.ts,
 * password-reset-races.test.ts.
 *
 * Ends what the old password, or a mail sent before the change, could still open, in the transaction that set the new
 * one (after setPasswordHash, whose row lock orders it against a sign-in checking the old one): every sign-in but
 * `exceptSessionId`, sign-ins waiting at their SMS step, and the account's other reset links.
 */
export async function endWhatTheOldPasswordOpened(
  tx: Db,
  userId: string,
  reason: 'password_reset' | 'password_changed',
  now: Date,
  exceptSessionId?: string,
): Promise<void> {
  await spendAccountKeysOf(tx, userId, 'password_reset', now);
  await spendOpenChallengesOf(tx, userId, 'sign_in', now);
  // Last: this statement sees every sign-in that committed while the ones above waited for its SMS step.
  await revokeUserSessions(tx, userId, reason, now, exceptSessionId);
}
