import { and, asc, eq, gt, isNotNull, isNull, lte } from 'drizzle-orm';
import type { DiscordRoleSync } from '../../../adapters/discord-roles/discord-roles.ts';
import type { FileStorage } from '../../../adapters/storage/storage.ts';
import type { Db } from '../../../db/client.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { DAY_MS, type Clock } from '../../../lib/clock.ts';
import { imageVariantKeys } from '../../media/image-variant.ts';
import { carryOutRoleReset } from '../discord/role-resets.ts';
import { users } from '../users.tables.ts';
import { transitionDeletionState } from './account-deletion-states.ts';
import { findDeletionBlockers } from './deletion-blockers.ts';
import { anonymisedUserFields, erasePersonalData } from './erase-personal-data.ts';

/** Spec sections 4 and 9: a deletion request can be cancelled for seven days, then it is carried out. */
export const ACCOUNT_DELETION_GRACE_MS = 7 * DAY_MS;

export interface DeletionJobDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  discordRoles: DiscordRoleSync;
}

/** How many due requests one read takes; the job reads page after page until none is left. */
const DUE_REQUESTS_PAGE = 100;

/**
 * The hourly job: every request older than seven days is carried out, one account per transaction. An account that
 * gained assets meanwhile (blockers) is left pending; one revoked between the lookup and its transaction is left
 * alone by the conditional move. Files and Discord roles are dealt with after each commit.
 *
 * Every due request is looked at on every run: a blocked request stays due until its owner empties the account, so a
 * run that read one page only could fill it with blocked requests and leave the others waiting past their seven days
 * (spec section 9: processed after 7 days). Each page goes on from the last request seen.
 */
export async function completeAccountDeletions(deps: DeletionJobDeps) {
  const now = deps.clock.now();
  const requestedBefore = new Date(now.getTime() - ACCOUNT_DELETION_GRACE_MS);
  const outcome = { deleted: 0, blocked: 0 };
  let after: string | undefined;
  for (;;) {
    const due = await dueRequests(deps.db, requestedBefore, after);
    for (const id of due) {
      const erased = await completeDeletion(deps.db, id, now, requestedBefore);
      if (erased === 'blocked') outcome.blocked += 1;
      if (!erased || erased === 'blocked') continue;
      outcome.deleted += 1;
      // A file that fails to go stays unreferenced and unlisted; the account is deleted either way. The sizes made of
      // a photo for srcset (`?w=`) go with it.
      const keys = erased.uploadKeys.flatMap((key) => [key, ...imageVariantKeys(key)]);
      await Promise.allSettled(keys.map((key) => deps.storage.remove(key)));
      for (const reset of erased.roleResets) await carryOutRoleReset(deps, reset);
    }
    if (due.length < DUE_REQUESTS_PAGE) return outcome;
    after = due.at(-1);
  }
}

/** Requests past their seven days, by id, after the id `after` (the partial index keeps this to pending requests). */
async function dueRequests(db: Db, requestedBefore: Date, after: string | undefined): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        isNotNull(users.deleteRequestedAt),
        isNull(users.deletedAt),
        lte(users.deleteRequestedAt, requestedBefore),
        after ? gt(users.id, after) : undefined,
      ),
    )
    .orderBy(asc(users.id))
    .limit(DUE_REQUESTS_PAGE);
  return rows.map((row) => row.id);
}

function completeDeletion(db: Db, id: string, now: Date, requestedBefore: Date) {
  return inTransaction(db, async (tx) => {
    // Held to commit, before the blockers are asked: money credited to a person takes this row first
    // (lockAccountForCredit, for payments), so a credit either committed before the check or finds the account
    // deleted after it, and never lands between the two.
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, id)).for('update');
    if (!user || (await findDeletionBlockers(tx, id)).length > 0) return 'blocked' as const;
    const changes = anonymisedUserFields(id);
    const isMoved = await transitionDeletionState(tx, id, {
      from: 'REQUESTED',
      to: 'DELETED',
      now,
      requestedBefore,
      changes,
    });
    return isMoved ? erasePersonalData(tx, id, user.email, now) : null;
  });
}
