import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, uniqueIndex, uuid, text } from 'drizzle-orm/pg-core';
import { publicationStatuses, type TPublicationStatus } from '@cypher/contract';
import { isOneOf } from '../../db/checks.ts';
import { timestamptz } from '../../db/columns.ts';
import { brands } from '../catalog/catalog.tables.ts';
import { orders } from '../orders/orders.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * A pass (issue 18): a brand's product of its own kind, sold through the order flow during its sale window and valid
 * for holders during its validity period. It is made a draft, which collectors never see (decision record 50); its
 * supply is issued as `pass_units` rows when it is published and never changes after.
 */
export const passes = pgTable(
  'passes',
  {
    id: uuid('id').primaryKey(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url').notNull(),
    benefits: jsonb('benefits').$type<string[]>().notNull(),
    supply: integer('supply').notNull(),
    /** USD cents per pass. */
    price: bigint('price', { mode: 'number' }).notNull(),
    perPersonLimit: integer('per_person_limit'),
    saleBeginAt: timestamptz('sale_begin_at').notNull(),
    saleEndAt: timestamptz('sale_end_at').notNull(),
    validFrom: timestamptz('valid_from').notNull(),
    validUntil: timestamptz('valid_until').notNull(),
    /** DRAFT -> PUBLISHED, once (publish-pass.ts); every collector-facing read asks for PUBLISHED. */
    status: text('status').$type<TPublicationStatus>().notNull().default('DRAFT'),
    publishedAt: timestamptz('published_at'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    index('passes_brand_idx').on(table.brandId, table.createdAt),
    check('passes_status_check', isOneOf(table.status, publicationStatuses)),
    check('passes_price_check', sql`${table.price} > 0`),
    check('passes_supply_check', sql`${table.supply} > 0`),
    check('passes_sale_check', sql`${table.saleBeginAt} < ${table.saleEndAt}`),
    check('passes_validity_check', sql`${table.validFrom} < ${table.validUntil}`),
  ],
);
export type TPassRow = typeof passes.$inferSelect;

/**
 * A pass's supply, one row per unit, as packs are: a purchase claims units by setting their order (FOR UPDATE SKIP
 * LOCKED, then waiting for units other claims hold), so no counter row is written by every purchase and the sold
 * count is derived. `owner_user_id` is set once the order is paid; a card or Tilia hold has an order and no owner.
 */
export const passUnits = pgTable(
  'pass_units',
  {
    id: uuid('id').primaryKey(),
    passId: uuid('pass_id')
      .notNull()
      .references(() => passes.id, { onDelete: 'restrict' }),
    number: integer('number').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'restrict' }),
    claimedAt: timestamptz('claimed_at'),
  },
  (table) => [
    uniqueIndex('pass_units_pass_number_key').on(table.passId, table.number),
    // What a claim looks through: only the units still for sale.
    index('pass_units_unclaimed_idx')
      .on(table.passId, table.number)
      .where(sql`${table.orderId} is null`),
    // Whether someone holds a pass (a holders-only round asks on every purchase) and which passes they hold.
    index('pass_units_owner_idx')
      .on(table.ownerUserId, table.passId)
      .where(sql`${table.ownerUserId} is not null`),
    index('pass_units_order_idx').on(table.orderId),
  ],
);
