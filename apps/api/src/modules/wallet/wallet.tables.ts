import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  ledgerAccountKinds,
  ledgerTransactionKinds,
  systemLedgerAccountKinds,
  type TCurrency,
  type TLedgerAccountKind,
  type TLedgerTransactionKind,
} from '@cypher/contract';
import { isOneOf } from '../../db/checks.ts';
import { users } from '../users/users.tables.ts';
import { minorUnits, timestamptz } from '../../db/columns.ts';

/** Minor units. `number` mode: amounts stay far below 2^53 and postLedgerTransaction refuses any that do not. */
const currencies = ['USD', 'CYP'] as const;

/** How many rows each house account is spread over (decision record 0013); a posting credits one of them. */
export const HOUSE_BUCKETS = 32;

/**
 * A person's account: one row per (owner, kind, currency). A house account (no owner) is HOUSE_BUCKETS rows, one per
 * (kind, currency, bucket), so that every sale does not queue on one row's lock; only the sum over its buckets means
 * anything, so a bucket may dip below zero while a person's account never may. `balance` is a cache of the sum of
 * the row's entries, changed only by postLedgerTransactions; the CHECKs are the last line of defence.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey(),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<TLedgerAccountKind>().notNull(),
    currency: text('currency').$type<TCurrency>().notNull(),
    bucket: smallint('bucket').notNull().default(0),
    balance: minorUnits('balance').notNull().default(0),
    allowsNegative: boolean('allows_negative').notNull().default(false),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_owner_key')
      .on(table.ownerUserId, table.kind, table.currency)
      .where(sql`${table.ownerUserId} is not null`),
    uniqueIndex('ledger_accounts_house_key')
      .on(table.kind, table.currency, table.bucket)
      .where(sql`${table.ownerUserId} is null`),
    check('ledger_accounts_kind_check', isOneOf(table.kind, ledgerAccountKinds)),
    check('ledger_accounts_currency_check', isOneOf(table.currency, currencies)),
    check('ledger_accounts_balance_check', sql`${table.allowsNegative} or ${table.balance} >= 0`),
    check('ledger_accounts_negative_check', sql`${table.allowsNegative} = (${table.ownerUserId} is null)`),
    check(
      'ledger_accounts_bucket_check',
      sql`${table.bucket} >= 0 and ${table.bucket} < ${sql.raw(String(HOUSE_BUCKETS))} and (${table.ownerUserId} is null or ${table.bucket} = 0)`,
    ),
    check(
      'ledger_accounts_owner_check',
      sql`(${table.ownerUserId} is null) = (${isOneOf(table.kind, systemLedgerAccountKinds)})`,
    ),
  ],
);
export type TLedgerAccountRow = typeof ledgerAccounts.$inferSelect;

/**
 * One movement. (kind, reference_type, reference_id) is unique, so the same order is never debited twice, the same
 * deposit never settled twice, the same withdrawal never rejected twice. Receipt columns are for payments.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').$type<TLedgerTransactionKind>().notNull(),
    referenceType: text('reference_type').notNull(),
    referenceId: text('reference_id').notNull(),
    description: text('description').notNull(),
    paymentMethod: text('payment_method'),
    subtotalAmount: minorUnits('subtotal_amount'),
    serviceFeeAmount: minorUnits('service_fee_amount'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('ledger_transactions_reference_key').on(table.kind, table.referenceType, table.referenceId),
    index('ledger_transactions_kind_created_idx').on(table.kind, table.createdAt),
    check('ledger_transactions_kind_check', isOneOf(table.kind, ledgerTransactionKinds)),
  ],
);
export type TLedgerTransactionRow = typeof ledgerTransactions.$inferSelect;

/** Insert-only (a trigger refuses UPDATE and DELETE). Signed amounts; per transaction and currency they sum to zero. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    currency: text('currency').$type<TCurrency>().notNull(),
    amount: minorUnits('amount').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('ledger_entries_account_created_idx').on(table.accountId, table.createdAt),
    index('ledger_entries_transaction_idx').on(table.transactionId),
    check('ledger_entries_amount_check', sql`${table.amount} <> 0`),
    check('ledger_entries_currency_check', isOneOf(table.currency, currencies)),
  ],
);
export type TLedgerEntryRow = typeof ledgerEntries.$inferSelect;
