import type { SQL } from 'drizzle-orm';
import type { TOperatorGrant } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { brandSummariesByIds } from '../../catalog/brand-summaries.ts';
import { peopleByIds, personIn } from '../../users/people.ts';
import { operatorGrants } from '../console.tables.ts';

/**
 * Grants with the person and brand they name, as the console lists them and the audit log records them: by address,
 * then role, then brand name. Grants number a handful per brand, so they are ordered here once named.
 */
export async function selectOperatorGrants(db: Db, where: SQL | undefined): Promise<TOperatorGrant[]> {
  const rows = await db.select().from(operatorGrants).where(where);
  const people = await peopleByIds(
    db,
    rows.map((row) => row.userId),
  );
  const brands = await brandSummariesByIds(
    db,
    rows.flatMap((row) => row.brandId ?? []),
  );
  const grants = rows.map((row) => ({
    id: row.id,
    user: personIn(people, row.userId),
    role: row.role,
    brand: row.brandId ? (brands.get(row.brandId) ?? null) : null,
    createdAt: row.createdAt.toISOString(),
  }));
  return grants.sort(
    (a, b) =>
      compareText(a.user.email, b.user.email) ||
      compareText(a.role, b.role) ||
      compareText(a.brand?.name ?? '', b.brand?.name ?? ''),
  );
}

/** By code point, so the order is the same whatever collation the database has. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
