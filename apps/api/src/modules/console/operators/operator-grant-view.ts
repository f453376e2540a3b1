import { eq, type SQL } from 'drizzle-orm';
import type { TOperatorGrant } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { brands } from '../../catalog/catalog.tables.ts';
import { brandSummaryColumns, toBrandSummary } from '../../catalog/catalog-views.ts';
import { users } from '../../users/users.tables.ts';
import { operatorGrants } from '../console.tables.ts';

/** Grants with the person and brand they name, as the console lists them and the audit log records them. */
export async function selectOperatorGrants(db: Db, where: SQL | undefined): Promise<TOperatorGrant[]> {
  const rows = await db
    .select({
      grant: operatorGrants,
      user: { id: users.id, email: users.email, nickname: users.nickname },
      brand: brandSummaryColumns,
    })
    .from(operatorGrants)
    .innerJoin(users, eq(users.id, operatorGrants.userId))
    .leftJoin(brands, eq(brands.id, operatorGrants.brandId))
    .where(where)
    .orderBy(users.email, operatorGrants.role, brands.name);
  return rows.map((row) => ({
    id: row.grant.id,
    user: row.user,
    role: row.grant.role,
    brand: row.brand ? toBrandSummary(row.brand) : null,
    createdAt: row.grant.createdAt.toISOString(),
  }));
}
