import type { TMyUser } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { getUser } from '../auth/find-user.ts';
import { hasOperatorGrant } from '../console/operators/operator-grants.ts';
import { findDiscordLink } from './discord/discord-link.ts';
import { toMyUser } from './user-views.ts';

/** GET /v1/users/my, and the answer of every call that changes the signed-in user's own record. */
export async function getMyUser(db: Db, userId: string, now: Date): Promise<TMyUser> {
  const [user, discord, isOperator] = await Promise.all([
    getUser(db, userId),
    findDiscordLink(db, userId),
    hasOperatorGrant(db, userId),
  ]);
  return toMyUser(user, discord, isOperator, now);
}
