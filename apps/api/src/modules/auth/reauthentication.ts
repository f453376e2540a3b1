import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Principal } from '../../http/auth-guard.ts';
import { sessions } from './auth.tables.ts';

/** How long a password check (check-password) vouches for this sign-in before sensitive changes. */
export const REAUTHENTICATION_WINDOW_MS = 10 * 60 * 1000;

export async function assertRecentlyReauthenticated(db: Db, principal: Principal, now: Date): Promise<void> {
  const [session] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, principal.sessionId),
        gt(sessions.reauthenticatedAt, new Date(now.getTime() - REAUTHENTICATION_WINDOW_MS)),
      ),
    );
  if (!session) throw new AppError('REAUTHENTICATION_REQUIRED');
}
