import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from './users.tables.ts';

/*
 * Route: none of its own; joining a waiting room that requires a verified phone (drops/waiting-room/join-waiting-room.ts)
 * asks it · Reads: users (phone_number, mfa_enabled_at) · Tests: waiting-room.test.ts.
 */

/**
 * Whether the person has a phone number proven by an SMS code. The only such fact we hold is two-factor sign-in's:
 * `phone_number` is written only by turning SMS two-factor on with the code sent to it (auth/set-mfa.ts), and is
 * cleared when two-factor is turned off. There is no separate "verify my phone" step, so a person without SMS
 * two-factor has no verified phone.
 */
export async function hasVerifiedPhone(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.phoneNumber), isNotNull(users.mfaEnabledAt)));
  return row !== undefined;
}
