import { sql, type SQL } from 'drizzle-orm';
import type { TActivityKind } from '@cypher/contract';
import { sqlArray } from '../../db/sql-arrays.ts';

/**
 * The product_activities insert, as a fragment another module's statement can end with (a purchase writes its
 * order, packs, activities and notifications in one round trip). `source` yields one row per edition:
 * edition_id, product_id, serial_number, actor_user_id, at, and n (1, 2, 3...), which pairs each row with one of `ids`
 * (made by the caller, since our ids sort by time). `counterpartAddress`: the other side of every row (an export's wallet).
 */
export function insertProductActivitiesSql(
  kind: TActivityKind,
  source: SQL,
  ids: readonly string[],
  counterpartAddress: string | null = null,
): SQL {
  return sql`
    insert into product_activities (id, product_id, kind, actor_user_id, edition_number, edition_id,
                                    counterpart_address, created_at)
    select ids.id, s.product_id, ${kind}, s.actor_user_id, s.serial_number, s.edition_id, ${counterpartAddress}::text, s.at
    from (${source}) s
    join unnest(${sqlArray([...ids])}::uuid[]) with ordinality as ids(id, n) on ids.n = s.n`;
}
