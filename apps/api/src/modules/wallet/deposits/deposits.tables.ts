import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import {
  depositMethods,
  depositStatuses,
  paymentReviewReasons,
  type TDepositMethod,
  type TDepositStatus,
  type TPaymentReviewReason,
} from '@cypher/contract';
import { isOneOf } from '../../../db/checks.ts';
import { users } from '../../users/users.tables.ts';
import { timestamptz } from '../../../db/columns.ts';

/**
 * A request to add funds. Recorded (created) and committed before the provider is called; `status` changes only
 * through transitionDeposit (house rule 6); the ledger is credited only with the succeeded transition.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    method: text('method').$type<TDepositMethod>().notNull(),
    status: text('status').$type<TDepositStatus>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').$type<'USD'>().notNull(),
    providerReference: text('provider_reference').unique('deposits_provider_reference_key'),
    checkoutUrl: text('checkout_url'),
    expiresAt: timestamptz('expires_at'),
    failureReason: text('failure_reason'),
    /** A saved-method charge: the saved card (method card) or Tilia payment method (tilia) charged; else null. */
    savedMethodId: uuid('saved_method_id'),
    /** What pays, when known before the provider says ("Visa •••• 4242" of a saved card). */
    paymentMethodLabel: text('payment_method_label'),
    /**
     * The purchase this deposit pays (orders.deposit_id points back), and when that order's hold ends: its checkout
     * closes then, whatever the provider's own expiry. Null for a deposit that adds funds.
     */
    orderId: uuid('order_id'),
    orderHoldEndsAt: timestamptz('order_hold_ends_at'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    index('deposits_user_created_idx').on(table.userId, table.createdAt),
    check('deposits_method_check', isOneOf(table.method, depositMethods)),
    check('deposits_status_check', isOneOf(table.status, depositStatuses)),
    check('deposits_amount_check', sql`${table.amount} > 0`),
    // What the abandoned-checkout job looks through: only the open ones.
    index('deposits_pending_expires_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'pending'`),
    // And the intents whose checkout never opened.
    index('deposits_created_at_open_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'created'`),
  ],
);
export type TDepositRow = typeof deposits.$inferSelect;

/**
 * Every provider event applied, inserted in the same transaction as its effect: the unique key makes it once.
 * `review_reason` is set on a payment.succeeded that credited nothing (the contract's paymentReviewReasons: money
 * received that no deposit could take, kept for a person to review, never dropped). `amount` and `currency` are what
 * the provider reported (null on rows from before migration 0045). An operator marks a held one resolved
 * (`resolved_at`, `resolved_by`, `resolution_note`) once it is refunded at the provider: see resolve-payment-review.ts.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    depositId: uuid('deposit_id').references(() => deposits.id, { onDelete: 'restrict' }),
    receivedAt: timestamptz('received_at').notNull(),
    reviewReason: text('review_reason').$type<TPaymentReviewReason>(),
    amount: bigint('amount', { mode: 'number' }),
    currency: text('currency').$type<'USD'>(),
    resolvedAt: timestamptz('resolved_at'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolutionNote: text('resolution_note'),
  },
  (table) => [
    primaryKey({ name: 'payment_events_provider_event_key', columns: [table.provider, table.eventId] }),
    check('payment_events_review_reason_check', isOneOf(table.reviewReason, paymentReviewReasons)),
    index('payment_events_review_idx')
      .on(table.receivedAt)
      .where(sql`${table.reviewReason} is not null`),
    // A deposit's or order's page asks whether money was held for it (held-payments.ts).
    index('payment_events_held_deposit_idx')
      .on(table.depositId)
      .where(sql`${table.reviewReason} is not null`),
    // A resolution is recorded only on a held event, and whole: when, by whom (until their account goes) and why.
    check(
      'payment_events_resolution_check',
      sql`${table.resolvedAt} is null or (${table.reviewReason} is not null and ${table.resolutionNote} is not null)`,
    ),
  ],
);
