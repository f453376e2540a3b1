import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { devMailboxMessages } from './dev-mailbox.tables.ts';

/**
 * Keeps an email or SMS for /dev/mailbox (the dev mailbox adapter's one write). Writes: dev_mailbox_messages.
 * A message with a `messageId` is kept once however often it is sent: its row id is derived from the name, so a
 * sender that sends it again after a crash (drop reminders) finds it there.
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
  const { messageId, ...kept } = message;
  await db
    .insert(devMailboxMessages)
    .values({ id: messageId ? uuidNamed(messageId) : newId(), ...kept, html: kept.html ?? null, createdAt: now })
    .onConflictDoNothing();
}

/** A UUID (version 8, RFC 9562's custom layout) that is a pure function of the name. */
function uuidNamed(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex').slice(0, 32).split('');
  hex[12] = '8';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const value = hex.join('');
  return `${value.slice(0, 8)}-${value.slice(8, 12)}-${value.slice(12, 16)}-${value.slice(16, 20)}-${value.slice(20)}`;
}
