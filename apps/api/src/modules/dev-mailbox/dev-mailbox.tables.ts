import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Every email and SMS sent outside production, kept so people and tests can read them at /dev/mailbox. */
export const devMailboxMessages = pgTable(
  'dev_mailbox_messages',
  {
    id: uuid('id').primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    to: text('to_address').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    /** The sender's name for a message it may send again (a Message-ID): kept once (keep-mailbox-message.ts). */
    messageId: text('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    index('dev_mailbox_messages_to_created_idx').on(table.to, table.createdAt),
    index('dev_mailbox_messages_created_idx').on(table.createdAt),
    uniqueIndex('dev_mailbox_messages_message_id_key').on(table.messageId),
  ],
);
