import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { standingAttempt } from './get-my-identity-verification.ts';

/**
 * Money leaves only to a verified person: IDENTITY_VERIFICATION_FAILED when their latest attempt failed (the web
 * offers to resubmit the ID), IDENTITY_VERIFICATION_REQUIRED when there is none yet or it is still pending.
 */
export async function assertIdentityVerified(tx: Db, userId: string): Promise<void> {
  const attempt = await standingAttempt(tx, userId);
  if (attempt?.status === 'verified') return;
  throw new AppError(attempt?.status === 'failed' ? 'IDENTITY_VERIFICATION_FAILED' : 'IDENTITY_VERIFICATION_REQUIRED');
}
