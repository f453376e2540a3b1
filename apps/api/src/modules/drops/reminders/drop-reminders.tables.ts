import { sql } from 'drizzle-orm';
import { check, index, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../../db/columns.ts';
import { users } from '../../users/users.tables.ts';
import { drops, salePolicies } from '../drops.tables.ts';

/**
 * "Remind me" (issue 22): one person asked to be told when one round opens; one row per person and round, whatever
 * the number of requests (the unique key; a repeated POST finds the row there).
 *
 * The sender job (send-due-drop-reminders.ts) moves a row through three marks, each recorded before the next step:
 * `sent_at` with the notification, in one transaction (so the notification is written once); `email_claimed_at`, the
 * lease of the worker that sends the email after commit (a stopped worker's lease runs out and another sends it);
 * `emailed_at` once the mailer took it (or there was no verified address to send to).
 */
export const dropReminders = pgTable(
  'drop_reminders',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dropId: uuid('drop_id')
      .notNull()
      .references(() => drops.id, { onDelete: 'cascade' }),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => salePolicies.id, { onDelete: 'cascade' }),
    /**
     * The round's saleBeginAt, copied so the job finds due rows on one index without reading the rounds: a published
     * drop's rounds never change (DROP_ALREADY_PUBLISHED), and only published drops take reminders.
     */
    dueAt: timestamptz('due_at').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    sentAt: timestamptz('sent_at'),
    emailClaimedAt: timestamptz('email_claimed_at'),
    emailedAt: timestamptz('emailed_at'),
  },
  (table) => [
    uniqueIndex('drop_reminders_user_policy_key').on(table.userId, table.policyId),
    // What the job claims: due and not yet notified, oldest first.
    index('drop_reminders_due_idx')
      .on(table.dueAt, table.id)
      .where(sql`${table.sentAt} is null`),
    // Emails a stopped worker left claimed and unsent, by the age of their lease.
    index('drop_reminders_unemailed_idx')
      .on(table.emailClaimedAt, table.id)
      .where(sql`${table.sentAt} is not null and ${table.emailedAt} is null`),
    check(
      'drop_reminders_marks_check',
      sql`(${table.sentAt} is not null or (${table.emailClaimedAt} is null and ${table.emailedAt} is null))`,
    ),
  ],
);
