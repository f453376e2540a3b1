import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { editionStates, isEditionHidden } from '@cypher/contract';

const hiddenStates = editionStates.filter(isEditionHidden);

/**
 * The editions inside some packs, as a fragment for another module's statement: `packs` is a query yielding the
 * columns id (the pack), user_id (who gets them) and at. Yields what insertProductActivitiesSql reads.
 */
export function editionsOfPacksSql(packs: SQL): SQL {
  return sql`
    select e.id as edition_id, e.product_id, e.serial_number, p.user_id as actor_user_id, p.at,
           row_number() over (order by e.id) as n
    from editions e join (${packs}) p on e.pack_id = p.id`;
}

/** Fragment: the pack an edition was issued in (null for an edition minted outside a pack). */
export function packOfEditionSql(editionId: AnyPgColumn | SQL): SQL {
  return sql`select e.pack_id from editions e where e.id = ${editionId}`;
}

/**
 * Fragment: whether an edition's own page is found (get-edition.ts): not while it is unissued or sealed in a pack,
 * whatever else about it is public.
 */
export function isEditionPageFoundSql(editionId: AnyPgColumn | SQL): SQL {
  return sql`exists (select 1 from editions e where e.id = ${editionId}
    and e.state not in (${sql.join(
      hiddenStates.map((state) => sql`${state}`),
      sql`, `,
    )}))`;
}
