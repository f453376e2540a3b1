import { and, eq } from 'drizzle-orm';
import type { TAccountStatus } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { users } from './users.tables.ts';

/**
 * The account state machine (house rule 6): CREATED -> EMAIL_VERIFIED when the email is verified, EMAIL_VERIFIED
 * -> ACTIVE when the profile is created. Nothing else moves a status.
 */
const accountStatusTransitions: Record<TAccountStatus, readonly TAccountStatus[]> = {
  CREATED: ['EMAIL_VERIFIED'],
  EMAIL_VERIFIED: ['ACTIVE'],
  ACTIVE: [],
};

function canTransition(from: TAccountStatus, to: TAccountStatus): boolean {
  return accountStatusTransitions[from].includes(to);
}

/** `UPDATE ... WHERE status = from`: returns whether this call made the move (false if it was already made). */
export async function transitionAccountStatus(
  tx: Db,
  userId: string,
  from: TAccountStatus,
  to: TAccountStatus,
  now: Date,
): Promise<boolean> {
  if (!canTransition(from, to)) throw new Error(`account status cannot go from ${from} to ${to}`);
  const moved = await tx
    .update(users)
    .set({ status: to, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.status, from)))
    .returning({ id: users.id });
  return moved.length === 1;
}
