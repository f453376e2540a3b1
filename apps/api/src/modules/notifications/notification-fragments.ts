import { sql, type SQL } from 'drizzle-orm';
import { newId } from '../../lib/ids.ts';
import type { TNotificationInput } from './notify.ts';
import { sqlArray } from '../../db/sql-arrays.ts';

/**
 * The notifications insert, as a fragment another module's statement can end with (a batch of purchases notifies
 * every buyer in the statement that records their orders).
 */
export function insertNotificationsSql(rows: readonly TNotificationInput[]): SQL {
  return sql`
    insert into notifications (id, user_id, kind, stage, title, body, link_path, reference_id, created_at)
    select * from unnest(
      ${sqlArray(rows.map(() => newId()))}::uuid[], ${sqlArray(rows.map((row) => row.userId))}::uuid[],
      ${sqlArray(rows.map((row) => row.kind))}::text[], ${sqlArray(rows.map((row) => row.stage))}::text[],
      ${sqlArray(rows.map((row) => row.title))}::text[], ${sqlArray(rows.map((row) => row.body))}::text[],
      ${sqlArray(rows.map((row) => row.linkPath))}::text[], ${sqlArray(rows.map((row) => row.referenceId))}::uuid[],
      ${sqlArray(rows.map((row) => row.now.toISOString()))}::timestamptz[])`;
}
