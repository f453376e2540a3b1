import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { waitingRoomLimits } from '@cypher/contract';
import { timestamptz } from '../../../db/columns.ts';
import { users } from '../../users/users.tables.ts';
import { salePolicies } from '../drops.tables.ts';

const between = (column: unknown, bounds: { min: number; max: number }) =>
  sql`${column} between ${sql.raw(String(bounds.min))} and ${sql.raw(String(bounds.max))}`;

/**
 * The waiting room of a first-come round (issue 18, decision record 27), keyed by the round. Kept apart from the
 * round's own row (sale_policies), whose access settings change elsewhere. Its settings can no longer change once
 * people may join (`opens_minutes_before` ahead of the round's saleBeginAt): from then on every instance may keep
 * them in memory. `places_drawn_at` is written once, by whoever first finds the round open and draws the places.
 */
export const waitingRooms = pgTable(
  'waiting_rooms',
  {
    policyId: uuid('policy_id')
      .primaryKey()
      .references(() => salePolicies.id, { onDelete: 'cascade' }),
    opensMinutesBefore: integer('opens_minutes_before').notNull(),
    admitPerMinute: integer('admit_per_minute').notNull(),
    tokenTtlSeconds: integer('token_ttl_seconds').notNull(),
    requiresVerifiedPhone: boolean('requires_verified_phone').notNull().default(false),
    placesDrawnAt: timestamptz('places_drawn_at'),
    // The last place given and its admission time, where later arrivals continue. Kept here rather than read from the
    // entries, because an entry whose admission passed unused is deleted when its person joins again, and its place
    // must not be given twice: places only ever grow. Written by the assigner, one run per round at a time.
    lastPlace: integer('last_place').notNull().default(0),
    lastAdmitAt: timestamptz('last_admit_at'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    check('waiting_rooms_opens_check', between(table.opensMinutesBefore, waitingRoomLimits.opensMinutesBefore)),
    check('waiting_rooms_rate_check', between(table.admitPerMinute, waitingRoomLimits.admitPerMinute)),
    check('waiting_rooms_ttl_check', between(table.tokenTtlSeconds, waitingRoomLimits.tokenTtlSeconds)),
  ],
);
export type TWaitingRoomRow = typeof waitingRooms.$inferSelect;

/**
 * One person's entry in one round's waiting room: one row per person and round (the key), whatever the number of
 * requests. Nothing here is shared by two people: a join inserts its own row, a poll reads its own row, and the places
 * are written set-wise by one assigner per round at a time (assign-waiting-room-places.ts).
 *
 * - `arrival`: the database's sequence, in the order joins reached it: the order of later arrivals.
 * - `draw_key`: 16 bytes from the cryptographic generator, given at the join and never shown; at the opening everyone
 *   who joined before it is placed by the rank of their key, so a place owes nothing to when or how fast one came.
 * - `place` and `admit_at`: written once, together, when the entry is placed; admission follows from the time alone.
 *
 * No foreign key to the round or the room: every join of a rush would take a shared lock on that one row (as the
 * claim log avoids the drop's). The room's console refuses to remove it once people may join, so no entry outlives
 * its room.
 */
export const waitingRoomEntries = pgTable(
  'waiting_room_entries',
  {
    policyId: uuid('policy_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    arrival: bigint('arrival', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    drawKey: text('draw_key').notNull(),
    joinedAt: timestamptz('joined_at').notNull(),
    place: integer('place'),
    admitAt: timestamptz('admit_at'),
  },
  (table) => [
    primaryKey({ name: 'waiting_room_entries_pkey', columns: [table.policyId, table.userId] }),
    // No place given twice.
    uniqueIndex('waiting_room_entries_place_key')
      .on(table.policyId, table.place)
      .where(sql`${table.place} is not null`),
    // What the assigner places next: the round's entries without a place, in arrival order.
    index('waiting_room_entries_unplaced_idx')
      .on(table.policyId, table.arrival)
      .where(sql`${table.place} is null`),
    check('waiting_room_entries_placed_check', sql`(${table.place} is null) = (${table.admitAt} is null)`),
    check('waiting_room_entries_place_check', sql`${table.place} is null or ${table.place} >= 1`),
  ],
);
