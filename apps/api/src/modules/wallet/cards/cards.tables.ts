import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../users/users.tables.ts';
import { timestamptz } from '../../../db/columns.ts';

/** Saved cards: name, brand, last four digits, expiry and the provider's token only; the full number is never stored. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** As typed on the card form; null for cards saved before it was asked for. */
    nameOnCard: text('name_on_card'),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    providerToken: text('provider_token').notNull().unique('saved_cards_provider_token_key'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('saved_cards_user_created_idx').on(table.userId, table.createdAt),
    // A card once per person: what identifies it without its number (a provider's card fingerprint would be the same).
    uniqueIndex('saved_cards_user_card_key').on(table.userId, table.brand, table.last4, table.expMonth, table.expYear),
  ],
);
export type TSavedCardRow = typeof savedCards.$inferSelect;

/** Tilia payment methods per person: type, a label and the sandbox's token. */
export const tiliaPaymentMethods = pgTable(
  'tilia_payment_methods',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    label: text('label').notNull(),
    providerToken: text('provider_token').notNull().unique('tilia_payment_methods_provider_token_key'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('tilia_payment_methods_user_created_idx').on(table.userId, table.createdAt)],
);
