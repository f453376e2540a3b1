import { and, eq } from 'drizzle-orm';
import type { TOperatorGrant, TOperatorRole, TPage, TPageQuery } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { pageWindow, toPage } from '../../../http/pagination.ts';
import { findAccountByEmail } from '../../users/accounts.ts';
import { operatorGrants } from '../console.tables.ts';
import { selectOperatorGrants } from './operator-grant-view.ts';

/** Every grant (there are a handful per brand at most), optionally those of one person, role or brand. */
export async function listOperatorGrants(
  db: Db,
  filter: { email?: string; role?: TOperatorRole; brandId?: string | null } = {},
): Promise<TOperatorGrant[]> {
  const person = filter.email ? await findAccountByEmail(db, filter.email) : undefined;
  if (filter.email && !person) return [];
  return selectOperatorGrants(
    db,
    and(
      person ? eq(operatorGrants.userId, person.id) : undefined,
      filter.role ? eq(operatorGrants.role, filter.role) : undefined,
      filter.brandId ? eq(operatorGrants.brandId, filter.brandId) : undefined,
    ),
  );
}

/**
 * GET /v1/console/operators in the API's one list shape. Grants number a few per brand, so the page is cut from the
 * full, ordered list rather than by a second query.
 */
export async function pageOperatorGrants(db: Db, query: TPageQuery): Promise<TPage<TOperatorGrant>> {
  const grants = await listOperatorGrants(db);
  const { limit, offset } = pageWindow(query);
  return toPage(grants.slice(offset, offset + limit), query, grants.length);
}
