import type { TGrantRequest } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { assertAdmin, assertCanManageBrand, type Operator } from '../../http/operator-guard.ts';
import { resolveGrants, type TGrantWording, type TResolvedGrant } from './grant-views.ts';

/*
 * Route: the console's writes that store a grant (attendance calendars, redeem batches, airdrops) · Reads: what the
 * grant names, through grant-views.ts · Writes: nothing · Tests: grants.test.ts, redeem.test.ts.
 */

/**
 * A grant an operator may give: what it names exists (GRANT_ITEM_NOT_FOUND), and it is theirs to give: a brand's
 * tickets, pass or edition pool by an operator who manages the brand, the marketplace's own (CYP credit, brandless
 * tickets) by an admin (FORBIDDEN). Without an operator (the command line, the seed) only existence is checked.
 * Answers the grants resolved, in order.
 */
export async function checkGrantsForConsole(
  db: Db,
  operator: Operator | null,
  grants: readonly TGrantRequest[],
  wording: TGrantWording,
): Promise<TResolvedGrant[]> {
  const resolved = await resolveGrants(db, grants, wording);
  if (operator) {
    for (const grant of resolved) {
      if (grant.brandId === null) assertAdmin(operator);
      else assertCanManageBrand(operator, grant.brandId);
    }
  }
  return resolved;
}
