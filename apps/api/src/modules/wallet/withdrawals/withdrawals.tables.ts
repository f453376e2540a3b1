import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import {
  withdrawalMethods,
  withdrawalStatuses,
  type TWithdrawalMethod,
  type TWithdrawalStatus,
} from '@cypher/contract';
import { isOneOf } from '../../../db/checks.ts';
import { users } from '../../users/users.tables.ts';
import { timestamptz } from '../../../db/columns.ts';

/**
 * A request to pay money out. Written in the same transaction as the ledger move of amount and fee to `held`;
 * `status` changes only through transitionWithdrawal (house rule 6).
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    method: text('method').$type<TWithdrawalMethod>().notNull(),
    status: text('status').$type<TWithdrawalStatus>().notNull(),
    /** USD cents the person receives; the fee is on top. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    /** The wire form's fields, or `{ address }` for USDC: what an admin pays to. */
    payoutDetails: jsonb('payout_details').$type<Record<string, string>>().notNull(),
    rejectionReason: text('rejection_reason'),
    /** Why an approved payout failed; the person is told, as with a rejection. */
    failureReason: text('failure_reason'),
    /** The payout's own reference (the wire's bank reference, the USDC transaction hash), recorded with `paid`. */
    payoutReference: text('payout_reference'),
    reviewedByUserId: uuid('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    index('withdrawals_user_created_idx').on(table.userId, table.createdAt),
    // The console lists newest first (or oldest first), by (created_at, id), with or without a state: both walk an index.
    index('withdrawals_created_idx').on(table.createdAt, table.id),
    index('withdrawals_status_created_idx').on(table.status, table.createdAt, table.id),
    check('withdrawals_method_check', isOneOf(table.method, withdrawalMethods)),
    check('withdrawals_status_check', isOneOf(table.status, withdrawalStatuses)),
    check('withdrawals_amount_check', sql`${table.amount} > 0 and ${table.fee} >= 0`),
  ],
);
export type TWithdrawalRow = typeof withdrawals.$inferSelect;
