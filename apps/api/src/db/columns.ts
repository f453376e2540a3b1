import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** A point in time with its zone (`timestamptz`), as a JavaScript Date: every time column of every table. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Money in integer minor units (ARCHITECTURE rule 4), read as a JavaScript number (safe below 2^53). */
export const minorUnits = (name: string) => bigint(name, { mode: 'number' });
