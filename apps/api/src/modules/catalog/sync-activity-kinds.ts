import { sql } from 'drizzle-orm';
import { activityKinds } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { sqlArray } from '../../db/sql-arrays.ts';

/**
 * Writes: activity_kinds · Route: none; runMigrations calls it after every migration · Tests: editions.test.ts.
 *
 * The contract's activity kinds, added to the table product_activities.kind points at: a feature that adds a kind to
 * the contract finds it accepted at the next start, without a migration. Kinds are only added, never removed: old rows
 * keep the kind they were written with.
 */
export async function syncActivityKinds(db: Db): Promise<void> {
  await db.execute(sql`
    insert into activity_kinds (kind) select unnest(${sqlArray(activityKinds)}::text[]) on conflict do nothing`);
}
