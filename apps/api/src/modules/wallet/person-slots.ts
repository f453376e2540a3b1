import { count, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { lockPerson } from '../users/people.ts';

/**
 * Whether the person may save one more of something they keep at most `max` of. Locks the person's row first, so two
 * saves at once queue here instead of both counting four and both inserting (call inside the insert's transaction).
 */
export async function hasRoomForOneMore(
  tx: Db,
  table: PgTable & { userId: PgColumn },
  userId: string,
  max: number,
): Promise<boolean> {
  await lockPerson(tx, userId);
  const [row] = await tx.select({ saved: count() }).from(table).where(eq(table.userId, userId));
  return (row?.saved ?? 0) < max;
}
