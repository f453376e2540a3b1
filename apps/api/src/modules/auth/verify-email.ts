import type { TVerifyEmailResponse } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { transitionAccountStatus } from '../users/account-status.ts';
import { markEmailVerified } from '../users/accounts.ts';
import { consumeAccountKey } from './account-keys.ts';

/*
 * Route: PATCH /v1/users/authentications/email-verifications · Writes: account_keys (the key spent), users (the address
 * verified, CREATED to EMAIL_VERIFIED) · Tests: email-verification.test.ts.
 */

/**
 * Verifies an email with the key from the link. Works without being signed in (the link may be opened on another
 * device). Moves a CREATED account to EMAIL_VERIFIED; later statuses stay as they are.
 */
export async function verifyEmail(ctx: AppContext, key: string): Promise<TVerifyEmailResponse> {
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    const userId = await consumeAccountKey(tx, 'email_verification', key, now);
    const status = await markEmailVerified(tx, userId, now);
    if (status === 'CREATED') {
      await transitionAccountStatus(tx, userId, 'CREATED', 'EMAIL_VERIFIED', now);
      return { userId, status: 'EMAIL_VERIFIED' as const };
    }
    return { userId, status: status ?? 'EMAIL_VERIFIED' };
  });
}
