import type { TSignIn2faRequest, TTokenPair } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { challengeForAttempt, checkChallengeCode, spendChallenge } from './mfa-challenges.ts';
import type { RequestMeta } from './rate-limits.ts';
import { hashSecretToken } from './secret-tokens.ts';
import { startSession } from './sessions.ts';

/** The SMS step of a two-factor sign-in: the code must belong to the attempt the mfaToken names. */
export async function signInWithSmsCode(
  ctx: AppContext,
  input: TSignIn2faRequest,
  meta: RequestMeta,
): Promise<TTokenPair> {
  const now = ctx.clock.now();
  const challenge = await challengeForAttempt(ctx.db, hashSecretToken(input.mfaToken), now);
  await checkChallengeCode(ctx.db, challenge.id, input.code, ctx.authSecret, now);
  return inTransaction(ctx.db, async (tx) => {
    await spendChallenge(tx, challenge.id, now);
    return startSession(tx, ctx, challenge.userId, meta, { isReauthentication: challenge.isReauthentication });
  });
}
