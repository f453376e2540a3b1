import { pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';

/** One row once the demo content has been written, so a restart never seeds twice. */
export const seedMarker = pgTable('seed_marker', {
  id: smallint('id').primaryKey(),
  seededAt: timestamp('seeded_at', { withTimezone: true, mode: 'date' }).notNull(),
});
