import type { Db } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { devMailboxMessages } from './dev-mailbox.tables.ts';

/** Keeps an email or SMS for /dev/mailbox (the dev mailbox adapter's one write). Writes: dev_mailbox_messages. */
export async function keepMailboxMessage(
  db: Db,
  message: { channel: 'email' | 'sms'; to: string; subject: string | null; text: string; html?: string | null },
  now: Date,
): Promise<void> {
  await db.insert(devMailboxMessages).values({ id: newId(), ...message, html: message.html ?? null, createdAt: now });
}
