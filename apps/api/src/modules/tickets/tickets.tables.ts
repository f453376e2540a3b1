import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ticketMovementReasons, ticketSpendReasons, type TTicketMovementReason } from '@cypher/contract';
import { isOneOf } from '../../db/checks.ts';
import { minorUnits, timestamptz } from '../../db/columns.ts';
import { brands } from '../catalog/catalog.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * A kind of ticket ("Drop ticket"): what it is for, and its price when it is on sale (USD cents; null: granted only).
 * The brand is fixed once made, since people hold tickets of it; null for the marketplace's own kinds (admins only).
 */
export const ticketKinds = pgTable(
  'ticket_kinds',
  {
    id: uuid('id').primaryKey(),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description'),
    imageUrl: text('image_url'),
    price: minorUnits('price'),
    maxPerOrder: integer('max_per_order').notNull(),
    isActive: boolean('is_active').notNull(),
    usedFor: text('used_for').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    index('ticket_kinds_brand_idx').on(table.brandId),
    check('ticket_kinds_price_check', sql`${table.price} is null or ${table.price} > 0`),
    // An order holds at most MAX_ORDER_QUANTITY (10) of anything: a kind promising more could never be bought so.
    check('ticket_kinds_max_per_order_check', sql`${table.maxPerOrder} between 1 and 10`),
  ],
);
export type TTicketKindRow = typeof ticketKinds.$inferSelect;

/**
 * How many tickets of a kind a person holds: a cache of the sum of their movements, changed only in the statement
 * that records the movement (grantTickets, spendTicket). The CHECK is the last line of defence; the spend's
 * conditional update (count >= n) is the first.
 */
export const ticketHoldings = pgTable(
  'ticket_holdings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    ticketKindId: uuid('ticket_kind_id')
      .notNull()
      .references(() => ticketKinds.id, { onDelete: 'restrict' }),
    count: integer('count').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.ticketKindId] }),
    check('ticket_holdings_count_check', sql`${table.count} >= 0`),
  ],
);

/**
 * Every grant and spend, insert-only (a trigger refuses UPDATE, DELETE and TRUNCATE, as for the ledger's entries).
 * (user, kind, reason, reference) is unique: the same order, check-in, code or raffle entry moves tickets once, so a
 * replayed grant or spend inserts nothing and changes no count. The reference is text, as the ledger's is: an order
 * or raffle entry id, or whatever names the occasion uniquely for its reason.
 */
export const ticketMovements = pgTable(
  'ticket_movements',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    ticketKindId: uuid('ticket_kind_id')
      .notNull()
      .references(() => ticketKinds.id, { onDelete: 'restrict' }),
    delta: integer('delta').notNull(),
    reason: text('reason').$type<TTicketMovementReason>().notNull(),
    referenceId: text('reference_id').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('ticket_movements_reference_key').on(table.userId, table.ticketKindId, table.reason, table.referenceId),
    index('ticket_movements_user_created_idx').on(table.userId, table.createdAt, table.id),
    check('ticket_movements_reason_check', isOneOf(table.reason, ticketMovementReasons)),
    check(
      'ticket_movements_delta_check',
      sql`case when ${isOneOf(table.reason, ticketSpendReasons)} then ${table.delta} < 0 else ${table.delta} > 0 end`,
    ),
  ],
);
