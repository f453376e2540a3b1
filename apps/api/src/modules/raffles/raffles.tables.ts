import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { raffleTicketsOnLoss } from '@cypher/contract';
import { isOneOf } from '../../db/checks.ts';
import { timestamptz } from '../../db/columns.ts';
import { drops, salePolicies } from '../drops/drops.tables.ts';
import { ticketKinds } from '../tickets/tickets.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * A sale round that is a raffle (issue 18, decision record 26): people enter during the registration window, the
 * draw at its close picks `places` winners who buy during the purchase window from the round's opening, and a second
 * draw gives the places they left to the next entries of the same draw order. The seed is made and committed when
 * the raffle is set (the commitment is public from registration's opening) and kept encrypted as drop seeds are
 * (provenance-seed-cipher.ts, the round's id as associated data) until the draw reveals it.
 */
export const raffleRounds = pgTable(
  'raffle_rounds',
  {
    policyId: uuid('policy_id')
      .primaryKey()
      .references(() => salePolicies.id, { onDelete: 'cascade' }),
    dropId: uuid('drop_id')
      .notNull()
      .references(() => drops.id, { onDelete: 'cascade' }),
    registrationOpensAt: timestamptz('registration_opens_at').notNull(),
    registrationClosesAt: timestamptz('registration_closes_at').notNull(),
    places: integer('places').notNull(),
    /** An entry spends one ticket of this kind; null: entry is free for everyone. */
    ticketKindId: uuid('ticket_kind_id').references(() => ticketKinds.id, { onDelete: 'restrict' }),
    /** A holder of the round's required pass enters without a ticket. */
    isFreeForPassHolders: boolean('is_free_for_pass_holders').notNull(),
    ticketsOnLoss: text('tickets_on_loss').$type<(typeof raffleTicketsOnLoss)[number]>().notNull(),
    purchaseWindowMinutes: integer('purchase_window_minutes').notNull(),
    /** `v1.<iv>.<tag>.<ciphertext>` of the 64-hex seed (provenance-seed-cipher.ts). */
    seedCipher: text('seed_cipher').notNull(),
    /** hex(SHA-256(seed)), public from registration's opening. */
    commitment: text('commitment').notNull(),
    drawnAt: timestamptz('drawn_at'),
    secondDrawnAt: timestamptz('second_drawn_at'),
    secondPlaces: integer('second_places'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    check('raffle_rounds_places_check', sql`${table.places} > 0`),
    check('raffle_rounds_window_check', sql`${table.registrationOpensAt} < ${table.registrationClosesAt}`),
    check('raffle_rounds_purchase_window_check', sql`${table.purchaseWindowMinutes} > 0`),
    check('raffle_rounds_tickets_on_loss_check', isOneOf(table.ticketsOnLoss, raffleTicketsOnLoss)),
    check('raffle_rounds_second_draw_check', sql`${table.secondDrawnAt} is null or ${table.drawnAt} is not null`),
    index('raffle_rounds_drop_idx').on(table.dropId),
    // What the draw job looks for: rounds not yet drawn, by their close.
    index('raffle_rounds_undrawn_idx')
      .on(table.registrationClosesAt)
      .where(sql`${table.secondDrawnAt} is null`),
  ],
);
export type TRaffleRoundRow = typeof raffleRounds.$inferSelect;

/**
 * One entry per person and round (the unique key is what makes concurrent entries safe), listed publicly under a
 * random handle issued at entry and never reissued, so the operator cannot steer who wins once it knows the seed.
 * `won_in` is the draw an entry won (1 or 2), null otherwise.
 */
export const raffleEntries = pgTable(
  'raffle_entries',
  {
    id: uuid('id').primaryKey(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => raffleRounds.policyId, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    handle: text('handle').notNull(),
    hasSpentTicket: boolean('spent_ticket').notNull(),
    wonIn: integer('won_in'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('raffle_entries_policy_user_key').on(table.policyId, table.userId),
    uniqueIndex('raffle_entries_handle_key').on(table.handle),
    check('raffle_entries_won_in_check', sql`${table.wonIn} is null or ${table.wonIn} in (1, 2)`),
  ],
);
