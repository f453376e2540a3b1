import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import {
  notificationKinds,
  notificationStages,
  type TNotificationKind,
  type TNotificationStage,
} from '@cypher/contract';
import { isOneOf } from '../../db/checks.ts';
import { users } from '../users/users.tables.ts';
import { timestamptz } from '../../db/columns.ts';

/** One notification to one person, written in the same transaction as the stage it tells of. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TNotificationKind>().notNull(),
    stage: text('stage').$type<TNotificationStage>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    linkPath: text('link_path'),
    /** What it is about (an order id, later a ticket or a fusion). */
    referenceId: uuid('reference_id'),
    readAt: timestamptz('read_at'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('notifications_user_created_idx').on(table.userId, table.createdAt, table.id),
    index('notifications_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
    check('notifications_kind_check', isOneOf(table.kind, notificationKinds)),
    check('notifications_stage_check', isOneOf(table.stage, notificationStages)),
  ],
);
