import type { TVerifyEmailResponse } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { transitionAccountStatus } from '../users/account-status.ts';
import { markEmailVerified } from '../users/accounts.ts';
import { verifiedEmailOf } from '../users/verified-emails.ts';
import { consumeAccountKey, spentAccountKeyOwner } from './account-keys.ts';

/*
 * Route: PATCH /v1/users/authentications/email-verifications · Writes: account_keys (the key spent), users (the address
 * verified, CREATED to EMAIL_VERIFIED) · Tests: email-verification.test.ts.
 */

/**
 * Verifies an email with the key from the link. Works without being signed in (the link may be opened on another
 * device). Moves a CREATED account to EMAIL_VERIFIED; later statuses stay as they are. A link opened again once it
 * verified the address answers EMAIL_ALREADY_VERIFIED, not INVALID_AUTHORIZATION_KEY: signed out, the second click
 * read "We could not verify your email" for an address that was (bug hunt, session 73). So does any other link of the
 * account once the address is verified (one mailed before a resend, or the sign-up link after a password reset by
 * email): it does not verify the address again under a new date. The other links are not spent here: two opened at
 * once would each hold its own key and wait for the other's (a deadlock on PostgreSQL, found in review).
 */
export async function verifyEmail(ctx: AppContext, key: string): Promise<TVerifyEmailResponse> {
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    const userId = await consumeAccountKey(tx, 'email_verification', key, now).catch(async (refusal: unknown) => {
      // Only a key refused as such: after a database error the transaction is aborted and a read would hide it.
      if (!(refusal instanceof AppError && refusal.code === 'INVALID_AUTHORIZATION_KEY')) throw refusal;
      const spentBy = await spentAccountKeyOwner(tx, 'email_verification', key);
      if (spentBy && (await verifiedEmailOf(tx, spentBy))) throw new AppError('EMAIL_ALREADY_VERIFIED');
      throw refusal;
    });
    const status = await markEmailVerified(tx, userId, now);
    // Verified already: the key stays unspent (this transaction rolls back), and answers the same every time.
    if (status === undefined) throw new AppError('EMAIL_ALREADY_VERIFIED');
    if (status === 'CREATED') {
      await transitionAccountStatus(tx, userId, 'CREATED', 'EMAIL_VERIFIED', now);
      return { userId, status: 'EMAIL_VERIFIED' as const };
    }
    return { userId, status };
  });
}
