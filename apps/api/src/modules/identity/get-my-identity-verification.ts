import { desc, eq, sql } from 'drizzle-orm';
import type { TMyIdentityVerification } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { identityVerificationView } from './identity-views.ts';
import { identityVerifications, type TIdentityVerificationRow } from './identity.tables.ts';

/** The attempt that decides where a person stands: a verified one if any (it stays verified), else the latest. */
export async function standingAttempt(db: Db, userId: string): Promise<TIdentityVerificationRow | null> {
  const [row] = await db
    .select()
    .from(identityVerifications)
    .where(eq(identityVerifications.userId, userId))
    .orderBy(
      sql`(${identityVerifications.status} = 'verified') desc`,
      desc(identityVerifications.createdAt),
      desc(identityVerifications.id),
    )
    .limit(1);
  return row ?? null;
}

/** `GET /v1/identity-verifications/my`. */
export async function getMyIdentityVerification(db: Db, userId: string): Promise<TMyIdentityVerification> {
  const row = await standingAttempt(db, userId);
  return row
    ? { status: row.status, verification: identityVerificationView(row) }
    : { status: 'none', verification: null };
}

/** When the provider confirmed the person (a verified attempt's last change), or null when it never has. */
export async function identityVerifiedAt(db: Db, userId: string): Promise<Date | null> {
  const row = await standingAttempt(db, userId);
  return row?.status === 'verified' ? row.updatedAt : null;
}
