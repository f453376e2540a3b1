import { errorCatalogue, type TGrantRequest } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { assertAdmin, assertCanManageBrand, type Operator } from '../../http/operator-guard.ts';
import { resolveGrants, type TGrantWording, type TResolvedGrant } from './grant-views.ts';

/*
 * Route: the console's writes that store a grant (attendance calendars, redeem batches, airdrops) · Reads: what the
 * grant names, through grant-views.ts · Writes: nothing · Tests: grants.test.ts, redeem.test.ts.
 */

/**
 * A grant an operator may give: what it names exists (GRANT_ITEM_NOT_FOUND), a pass it gives is still valid at `now`
 * (GRANT_PASS_ENDED: every delivery of one over is refused or OUT_OF_STOCK, so it could only disappoint), and it is
 * theirs to give: a brand's tickets, pass or edition pool by an operator who manages the brand, the marketplace's own
 * (CYP credit, brandless tickets) by an admin (FORBIDDEN). Without an operator (the command line, the seed) only
 * existence and validity are checked. A grant `isKept` (the entry being edited gives it already, in the same place) is
 * not asked about its pass again: a calendar's days given with it keep their reward (ATTENDANCE_CALENDAR_REWARD_GIVEN),
 * and the rest of the calendar stays editable after the pass is over. With `fieldOf`, the refusal names each grant at
 * fault by its field. Answers the grants resolved, in order.
 */
export async function checkGrantsForConsole(
  db: Db,
  operator: Operator | null,
  grants: readonly TGrantRequest[],
  options: {
    wording: TGrantWording;
    now: Date;
    isKept?: (index: number) => boolean;
    fieldOf?: (index: number) => string;
  },
): Promise<TResolvedGrant[]> {
  const { wording, now, isKept = () => false, fieldOf } = options;
  const resolved = await resolveGrants(db, grants, wording);
  // Whose it is first: another brand's pass is FORBIDDEN whether or not it is still valid.
  if (operator) {
    for (const grant of resolved) {
      if (grant.brandId === null) assertAdmin(operator);
      else assertCanManageBrand(operator, grant.brandId);
    }
  }
  const over = resolved.flatMap((grant, index) =>
    grant.validUntil !== undefined && grant.validUntil <= now && !isKept(index) ? [index] : [],
  );
  if (over.length > 0) {
    const { message } = errorCatalogue.GRANT_PASS_ENDED;
    throw new AppError(
      'GRANT_PASS_ENDED',
      fieldOf ? { details: over.map((index) => ({ field: fieldOf(index), message })) } : {},
    );
  }
  return resolved;
}
