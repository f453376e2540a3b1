import { sql, type SQL } from 'drizzle-orm';
import { newId } from '../../lib/ids.ts';
import type { TNotificationInput } from './notify.ts';

/**
 * The notifications insert, as a fragment another module's statement can end with (a batch of purchases notifies
 * every buyer in the statement that records their orders).
 */
export function insertNotificationsSql(rows: readonly TNotificationInput[]): SQL {
  const list = <T>(values: T[]) => sql.param(values);
  return sql`
    insert into notifications (id, user_id, kind, stage, title, body, link_path, reference_id, created_at)
    select * from unnest(
      ${list(rows.map(() => newId()))}::uuid[], ${list(rows.map((row) => row.userId))}::uuid[],
      ${list(rows.map((row) => row.kind))}::text[], ${list(rows.map((row) => row.stage))}::text[],
      ${list(rows.map((row) => row.title))}::text[], ${list(rows.map((row) => row.body))}::text[],
      ${list(rows.map((row) => row.linkPath))}::text[], ${list(rows.map((row) => row.referenceId))}::uuid[],
      ${list(rows.map((row) => row.now.toISOString()))}::timestamptz[])`;
}
