import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TWireDetails } from '@cypher/contract';
import { users } from '../../users/users.tables.ts';
import { timestamptz } from '../../../db/columns.ts';

/** A person's saved bank accounts (at most five): the wire details as the withdrawal form takes them. */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** "Chase •••• 6789", kept so lists never read the details. */
    label: text('label').notNull(),
    country: text('country').notNull(),
    details: jsonb('details').$type<TWireDetails>().notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('bank_accounts_user_created_idx').on(table.userId, table.createdAt)],
);
export type TBankAccountRow = typeof bankAccounts.$inferSelect;

/** A person's saved USDC addresses (at most five), each once whatever its letter case. */
export const walletAddresses = pgTable(
  'wallet_addresses',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('wallet_addresses_user_address_key').on(table.userId, sql`lower(${table.address})`),
    index('wallet_addresses_user_created_idx').on(table.userId, table.createdAt),
  ],
);
export type TWalletAddressRow = typeof walletAddresses.$inferSelect;
