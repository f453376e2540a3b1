import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Whether what an edition's PURCHASED activity tells may be shown: once its pack is opened or its drop has ended.
 * Before that, "edition #4 of the legendary was bought" would tell everyone (and the buyer) what an unopened pack
 * holds, and the remaining buyers what is left.
 */
export function isPurchaseRevealed(editionId: AnyPgColumn, now: Date): SQL {
  return sql`exists (
    select 1 from editions e join packs p on p.id = e.pack_id join drops d on d.id = p.drop_id
    where e.id = ${editionId} and (p.opened_at is not null or d.drop_end_at <= ${now.toISOString()}::timestamptz))`;
}
