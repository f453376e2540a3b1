import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  orderItemKinds,
  orderPaymentMethods,
  orderStatuses,
  type TOrderItemKind,
  type TOrderPaymentMethod,
  type TOrderStatus,
} from '@cypher/contract';
import { isOneOf } from '../../db/checks.ts';
import { users } from '../users/users.tables.ts';
import { minorUnits, timestamptz } from '../../db/columns.ts';

/**
 * A purchase of packs from one round, of a pass, or of tickets (issue 18: one order flow for every item kind). Balance orders are written SUCCESSFUL in the transaction that claims and pays;
 * card and Tilia orders hold their packs while PENDING until the payment's webhook, a failure or `hold_expires_at`.
 * `status` moves only along the contract's orderTransitions (one conditional UPDATE each).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** What the order buys (issue 18): packs of a round, a pass, or tickets of a kind. */
    itemKind: text('item_kind').$type<TOrderItemKind>().notNull(),
    /** The round (sale policy), the pass or the ticket kind: what the per-person limit and the batching are keyed by. */
    itemId: uuid('item_id').notNull(),
    /** Packs only: the drop and round number (the round's id is `item_id`). */
    dropId: uuid('drop_id'),
    round: integer('round'),
    quantity: integer('quantity').notNull(),
    paymentMethod: text('payment_method').$type<TOrderPaymentMethod>().notNull(),
    status: text('status').$type<TOrderStatus>().notNull(),
    unitPrice: minorUnits('unit_price').notNull(),
    subtotal: minorUnits('subtotal').notNull(),
    serviceFee: minorUnits('service_fee').notNull(),
    total: minorUnits('total').notNull(),
    currency: text('currency').$type<'USD'>().notNull(),
    holdExpiresAt: timestamptz('hold_expires_at'),
    /** Card and Tilia: the deposit that pays this order through the wallet's payment port. */
    depositId: uuid('deposit_id'),
    /**
     * A card order switched to Tilia: the card deposit it no longer waits for (closed at the switch). A payment that
     * still arrives for it is the buyer's money in their balance, and they are told so (order-payments.ts).
     */
    replacedDepositId: uuid('replaced_deposit_id'),
    /**
     * The order's secret salt in the claim log's buyer hash (sha256 of `salt:userId`), shown only to the buyer, so
     * they can find their claims in the published log and nobody else can tell whose they are. Null before the log.
     */
    buyerSalt: text('buyer_salt'),
    failureReason: text('failure_reason'),
    /** Once paid: the ledger movement, for the receipt. */
    ledgerTransactionId: uuid('ledger_transaction_id'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    index('orders_user_created_idx').on(table.userId, table.createdAt, table.id),
    index('orders_drop_idx').on(table.dropId),
    uniqueIndex('orders_deposit_key').on(table.depositId),
    uniqueIndex('orders_replaced_deposit_key').on(table.replacedDepositId),
    // What the hold-timeout job looks through: only the open ones.
    index('orders_pending_hold_idx')
      .on(table.holdExpiresAt)
      .where(sql`${table.status} = 'PENDING'`),
    check('orders_status_check', isOneOf(table.status, orderStatuses)),
    check('orders_payment_method_check', isOneOf(table.paymentMethod, orderPaymentMethods)),
    check('orders_item_kind_check', isOneOf(table.itemKind, orderItemKinds)),
    check(
      'orders_pack_item_check',
      sql`(${table.itemKind} = 'PACK') = (${table.dropId} is not null and ${table.round} is not null)`,
    ),

    check(
      'orders_amounts_check',
      sql`${table.quantity} > 0 and ${table.subtotal} + ${table.serviceFee} = ${table.total}`,
    ),
  ],
);
export type TOrderRow = typeof orders.$inferSelect;

/**
 * Packs, passes or tickets one person bought or holds of one item (a round, a pass, a ticket kind), for the per-person
 * limit: one row per (item, person), so the
 * limit is held by a conditional upsert on that person's own row, never a row every buyer shares. Written for an item
 * with a limit or a guarantee, and for every pass (a pass's limit may be set while it sells: sale-items.ts).
 */
export const purchaseAllowances = pgTable(
  'purchase_allowances',
  {
    /** The round, pass or ticket kind (an order's `item_id`). */
    itemId: uuid('item_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    purchased: integer('purchased').notNull(),
  },
  (table) => [
    primaryKey({ name: 'purchase_allowances_pkey', columns: [table.itemId, table.userId] }),
    check('purchase_allowances_purchased_check', sql`${table.purchased} >= 0`),
  ],
);
