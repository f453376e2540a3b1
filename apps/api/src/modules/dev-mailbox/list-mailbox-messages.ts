import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devMailboxMessages } from './dev-mailbox.tables.ts';

export async function listMailboxMessages(db: Db, to: string | undefined, limit = 100) {
  const rows = await db
    .select()
    .from(devMailboxMessages)
    .where(to ? eq(devMailboxMessages.to, to.toLowerCase()) : undefined)
    .orderBy(desc(devMailboxMessages.createdAt), desc(devMailboxMessages.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    to: row.to,
    subject: row.subject,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  }));
}
