import type { Db } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { devMailboxMessages } from './dev-mailbox.tables.ts';

/**
 * Keeps an email or SMS for /dev/mailbox (the dev mailbox adapter's one write). Writes: dev_mailbox_messages.
 * A message with a `messageId` is kept once however often it is sent (its unique key), so a sender that sends it
 * again after a crash (drop reminders) or a replayed request (a withdrawal's) finds it there. The row's id stays
 * time-ordered, so messages kept in one instant still list in the order they were sent.
 */
export async function keepMailboxMessage(
  db: Db,
  message: {
    channel: 'email' | 'sms';
    to: string;
    subject: string | null;
    text: string;
    html?: string | null;
    messageId?: string | undefined;
  },
  now: Date,
): Promise<void> {
  await db
    .insert(devMailboxMessages)
    .values({
      id: newId(),
      ...message,
      html: message.html ?? null,
      messageId: message.messageId ?? null,
      createdAt: now,
    })
    .onConflictDoNothing();
}
