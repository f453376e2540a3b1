import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { mfaChallenges } from './auth.tables.ts';
import { hashSmsCode, isSameHash, newSmsCode } from './secret-tokens.ts';

const SMS_CODE_LIFETIME_MS = 10 * 60 * 1000;
const SMS_CODE_MAX_GUESSES = 5;
/** How long a sign-in attempt may wait at the SMS step, however many codes it asks for. */
const SIGN_IN_ATTEMPT_LIFETIME_MS = 30 * 60 * 1000;

export type ChallengePurpose = (typeof mfaChallenges.$inferSelect)['purpose'];
type TChallenge = typeof mfaChallenges.$inferSelect;

/** The last four digits, the only part of a phone number shown back to anyone. */
export function phoneEnding(phoneNumber: string): string {
  return phoneNumber.slice(-4);
}

/** A new challenge with a fresh code. Returns the code, to be sent by SMS after the transaction commits. */
export async function createChallenge(
  tx: Db,
  input: {
    userId: string;
    purpose: ChallengePurpose;
    phoneNumber: string;
    attemptTokenHash?: string;
    /** A sign-in a provider vouched for: confirmed for sensitive changes once its code is right. */
    isReauthentication?: boolean;
    secret: string;
    now: Date;
  },
): Promise<{ challengeId: string; code: string; expiresAt: Date }> {
  const challengeId = newId();
  const code = newSmsCode();
  const expiresAt = new Date(input.now.getTime() + SMS_CODE_LIFETIME_MS);
  await tx.insert(mfaChallenges).values({
    id: challengeId,
    userId: input.userId,
    purpose: input.purpose,
    phoneNumber: input.phoneNumber,
    attemptTokenHash: input.attemptTokenHash ?? null,
    isReauthentication: input.isReauthentication ?? false,
    codeHash: hashSmsCode(input.secret, challengeId, code),
    createdAt: input.now,
    expiresAt,
  });
  return { challengeId, code, expiresAt };
}

/** Replaces the code of a live challenge (resend): a new code, a fresh ten minutes, the guesses counted anew. */
export async function renewChallengeCode(tx: Db, challengeId: string, secret: string, now: Date) {
  const code = newSmsCode();
  const expiresAt = new Date(now.getTime() + SMS_CODE_LIFETIME_MS);
  const [row] = await tx
    .update(mfaChallenges)
    .set({ codeHash: hashSmsCode(secret, challengeId, code), attempts: 0, expiresAt })
    .where(and(eq(mfaChallenges.id, challengeId), isNull(mfaChallenges.usedAt)))
    .returning({ phoneNumber: mfaChallenges.phoneNumber });
  if (!row) throw new AppError('VERIFICATION_CODE_EXPIRED');
  return { code, expiresAt, phoneNumber: row.phoneNumber };
}

export async function latestChallenge(
  db: Db,
  userId: string,
  purpose: ChallengePurpose,
): Promise<TChallenge | undefined> {
  const [row] = await db
    .select()
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.userId, userId), eq(mfaChallenges.purpose, purpose), isNull(mfaChallenges.usedAt)))
    .orderBy(desc(mfaChallenges.createdAt))
    .limit(1);
  return row;
}

export async function challengeForAttempt(db: Db, attemptTokenHash: string, now: Date): Promise<TChallenge> {
  const [row] = await db
    .select()
    .from(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.attemptTokenHash, attemptTokenHash),
        eq(mfaChallenges.purpose, 'sign_in'),
        isNull(mfaChallenges.usedAt),
        gt(mfaChallenges.createdAt, new Date(now.getTime() - SIGN_IN_ATTEMPT_LIFETIME_MS)),
      ),
    );
  if (!row) throw new AppError('VERIFICATION_CODE_EXPIRED');
  return row;
}

/**
 * Checks a guess. The guess is counted first, in its own statement that commits whatever follows, and only while
 * fewer than five were made: the sixth guess fails even when it is right, and a code past its ten minutes fails.
 * A right guess is then spent inside the caller's transaction by `spendChallenge`.
 */
export async function checkChallengeCode(db: Db, challengeId: string, code: string, secret: string, now: Date) {
  const [counted] = await db
    .update(mfaChallenges)
    .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
    .where(
      and(
        eq(mfaChallenges.id, challengeId),
        isNull(mfaChallenges.usedAt),
        gt(mfaChallenges.expiresAt, now),
        lt(mfaChallenges.attempts, SMS_CODE_MAX_GUESSES),
      ),
    )
    .returning({ codeHash: mfaChallenges.codeHash });
  if (!counted) throw new AppError('VERIFICATION_CODE_EXPIRED');
  if (!isSameHash(counted.codeHash, hashSmsCode(secret, challengeId, code)))
    throw new AppError('INVALID_VERIFICATION_CODE');
}

/** Single use: one conditional update, so two right answers sent at once cannot both pass. */
export async function spendChallenge(tx: Db, challengeId: string, now: Date): Promise<TChallenge> {
  const [row] = await tx
    .update(mfaChallenges)
    .set({ usedAt: now })
    .where(and(eq(mfaChallenges.id, challengeId), isNull(mfaChallenges.usedAt)))
    .returning();
  if (!row) throw new AppError('VERIFICATION_CODE_EXPIRED');
  return row;
}

/** Spends an account's open challenges of one purpose: sign-ins waiting at their SMS step when the password changed. */
export async function spendOpenChallengesOf(tx: Db, userId: string, purpose: ChallengePurpose, now: Date) {
  await tx
    .update(mfaChallenges)
    .set({ usedAt: now })
    .where(and(eq(mfaChallenges.userId, userId), eq(mfaChallenges.purpose, purpose), isNull(mfaChallenges.usedAt)));
}
