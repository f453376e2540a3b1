import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../../db/columns.ts';

/**
 * Role resets owed to Discord (house rule 7): written in the transaction that disconnects the account, carried out
 * after it commits, marked done when Discord confirms. A reset that failed stays pending and the hourly job tries
 * it again, so a Discord outage never leaves someone holding DAO roles after they disconnected.
 */
export const discordRoleResets = pgTable(
  'discord_role_resets',
  {
    id: uuid('id').primaryKey(),
    discordUserId: text('discord_user_id').notNull(),
    requestedAt: timestamptz('requested_at').notNull(),
    completedAt: timestamptz('completed_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (table) => [
    index('discord_role_resets_pending_idx')
      .on(table.requestedAt)
      .where(sql`${table.completedAt} is null`),
  ],
);
