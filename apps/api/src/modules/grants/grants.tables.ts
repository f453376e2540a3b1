import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { grantDeliveryStatuses, type TGrantDeliveryStatus, type TGrantRequest } from '@cypher/contract';
import { isOneOf } from '../../db/checks.ts';
import { timestamptz } from '../../db/columns.ts';
import { brands, products } from '../catalog/catalog.tables.ts';
import { users } from '../users/users.tables.ts';

/** Why a grant reached someone: a check-in's reward or streak bonus, a redeemed code, an airdrop. */
export const grantOccasions = ['ATTENDANCE', 'STREAK_BONUS', 'REDEEM', 'AIRDROP'] as const;
export type TGrantOccasion = (typeof grantOccasions)[number];

/**
 * A product's editions minted ahead to be given away (issue 20), as a fusion's results are: `size` UNISSUED editions
 * with the product's next serial numbers, made when the pool is made, so a grant never takes a serial number or
 * touches the product's row, and never gives more than the pool holds.
 */
export const editionPools = pgTable(
  'edition_pools',
  {
    id: uuid('id').primaryKey(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'restrict' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    size: integer('size').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('edition_pools_brand_idx').on(table.brandId, table.createdAt),
    check('edition_pools_size_check', sql`${table.size} > 0`),
  ],
);
export type TEditionPoolRow = typeof editionPools.$inferSelect;

/**
 * A pool's editions, claimed by a delivery as packs are by an order: `delivery_id` set on a row that has none (FOR
 * UPDATE SKIP LOCKED, through db/claim-unclaimed-units.ts), so what is left is derived and no counter row is written by
 * every grant. `id` is the edition's (no foreign key: the collection module owns editions).
 */
export const editionPoolUnits = pgTable(
  'edition_pool_units',
  {
    id: uuid('id').primaryKey(),
    poolId: uuid('pool_id')
      .notNull()
      .references(() => editionPools.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    deliveryId: uuid('delivery_id'),
  },
  (table) => [
    uniqueIndex('edition_pool_units_number_key').on(table.poolId, table.number),
    uniqueIndex('edition_pool_units_delivery_key').on(table.deliveryId),
    index('edition_pool_units_unclaimed_idx')
      .on(table.poolId, table.number)
      .where(sql`${table.deliveryId} is null`),
  ],
);

/**
 * Every grant that reached a person, or ran out before reaching them: the trail behind a reward, a redeemed code or
 * an airdrop, and what the person's pages show they received. (occasion, reference, person) is unique: the same
 * check-in, code use or airdrop gives a person its grant once, however often the work runs (an airdrop's job restarted
 * midway). The thing given is named by the row of its owner: the ledger transaction (CREDIT; its reference is this
 * id), the ticket movement (TICKETS; its reference is this id), the pass unit, the edition, or the GIFT order that
 * owns the pack given (PACK, decision record 36).
 */
export const grantDeliveries = pgTable(
  'grant_deliveries',
  {
    id: uuid('id').primaryKey(),
    occasion: text('occasion').$type<TGrantOccasion>().notNull(),
    /** The check-in, the code use or the airdrop. */
    referenceId: uuid('reference_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status').$type<TGrantDeliveryStatus>().notNull(),
    /** The grant as it was when delivered (the contract's ZGrantRequest). */
    grant: jsonb('grant').$type<TGrantRequest>().notNull(),
    ledgerTransactionId: uuid('ledger_transaction_id'),
    passUnitId: uuid('pass_unit_id'),
    editionId: uuid('edition_id'),
    /** PACK: the gift order (no foreign key: the orders module owns orders, and gives the pack through it). */
    orderId: uuid('order_id'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('grant_deliveries_once_key').on(table.occasion, table.referenceId, table.userId),
    uniqueIndex('grant_deliveries_order_key').on(table.orderId),
    index('grant_deliveries_user_idx').on(table.userId, table.createdAt),
    check('grant_deliveries_occasion_check', isOneOf(table.occasion, grantOccasions)),
    check('grant_deliveries_status_check', isOneOf(table.status, grantDeliveryStatuses)),
  ],
);
export type TGrantDeliveryRow = typeof grantDeliveries.$inferSelect;
