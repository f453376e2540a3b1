import { check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../../modules/users/users.tables.ts';
import { timestamptz } from '../../db/columns.ts';

/**
 * One row per (user, Idempotency-Key) of a money-moving request (ARCHITECTURE rule 8). Claimed with an INSERT before
 * the work, completed in the same transaction as the work's effect, purged after 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** sha256 of method, route and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    status: text('status').$type<'processing' | 'completed'>().notNull(),
    responseStatus: integer('response_status'),
    /** The first answer: `{ data }` for a success, `{ code, details }` for an expected (4xx) refusal. */
    responseBody: jsonb('response_body'),
    /** When the key was claimed: by its first request, or by the retry that took over a stale claim. */
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key], name: 'idempotency_keys_pkey' }),
    index('idempotency_keys_created_idx').on(table.createdAt),
    check('idempotency_keys_status_check', sql`${table.status} in ('processing', 'completed')`),
  ],
);
