import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { devMailboxMessages } from './dev-mailbox.tables.ts';

const MAILBOX_RETENTION_DAYS = 7;

/** Drops dev-mailbox messages older than a week; returns how many went. Run daily by the job scheduler. */
export async function purgeMailboxMessages(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - MAILBOX_RETENTION_DAYS * DAY_MS);
  const deleted = await db
    .delete(devMailboxMessages)
    .where(lt(devMailboxMessages.createdAt, cutoff))
    .returning({ id: devMailboxMessages.id });
  return deleted.length;
}
