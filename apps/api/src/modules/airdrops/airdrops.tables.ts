import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import {
  airdropRecipientStatuses,
  airdropStatuses,
  type TAirdropRecipientStatus,
  type TAirdropStatus,
  type TGrantRequest,
} from '@cypher/contract';
import { isOneOf } from '../../db/checks.ts';
import { timestamptz } from '../../db/columns.ts';
import { brands } from '../catalog/catalog.tables.ts';
import { users } from '../users/users.tables.ts';

export const airdropAudienceKinds = ['PEOPLE', 'PASS_HOLDERS'] as const;
export type TAirdropAudienceKind = (typeof airdropAudienceKinds)[number];

/**
 * An airdrop (issue 20): a grant to a list of people or to a pass's holders, delivered by a job in batches. Its
 * recipients are fixed when it is made (`airdrop_recipients`). `updated_at` moves with every batch the job commits,
 * so a sweep can tell a job that stopped (a process killed midway) from one at work, and send it again.
 */
export const airdrops = pgTable(
  'airdrops',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    grant: jsonb('grant').$type<TGrantRequest>().notNull(),
    /** The brand of what it gives (null for credit and brandless tickets): who may see it in the console. */
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
    audienceKind: text('audience_kind').$type<TAirdropAudienceKind>().notNull(),
    audiencePassId: uuid('audience_pass_id'),
    status: text('status').$type<TAirdropStatus>().notNull(),
    recipientCount: integer('recipient_count').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
    completedAt: timestamptz('completed_at'),
  },
  (table) => [
    index('airdrops_created_idx').on(table.createdAt, table.id),
    index('airdrops_unfinished_idx')
      .on(table.updatedAt)
      .where(sql`${table.status} <> 'COMPLETED'`),
    check('airdrops_status_check', isOneOf(table.status, airdropStatuses)),
    check('airdrops_audience_kind_check', isOneOf(table.audienceKind, airdropAudienceKinds)),
  ],
);
export type TAirdropRow = typeof airdrops.$inferSelect;

/**
 * One recipient of an airdrop, once (the key): the job takes PENDING rows a batch at a time (FOR UPDATE SKIP LOCKED,
 * so two workers take different people) and sets each one's outcome in the batch's transaction, beside the grant
 * itself. A batch that rolls back leaves its people PENDING for the next run; one that commits never runs again.
 */
export const airdropRecipients = pgTable(
  'airdrop_recipients',
  {
    airdropId: uuid('airdrop_id')
      .notNull()
      .references(() => airdrops.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status').$type<TAirdropRecipientStatus>().notNull(),
    deliveryId: uuid('delivery_id'),
    processedAt: timestamptz('processed_at'),
  },
  (table) => [
    primaryKey({ name: 'airdrop_recipients_pkey', columns: [table.airdropId, table.userId] }),
    index('airdrop_recipients_pending_idx')
      .on(table.airdropId, table.userId)
      .where(sql`${table.status} = 'PENDING'`),
    check('airdrop_recipients_status_check', isOneOf(table.status, airdropRecipientStatuses)),
  ],
);
