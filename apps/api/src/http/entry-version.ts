import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * Optimistic concurrency for the console's edits. A console entry's version is its `updatedAt`; an edit form sends
 * the one it loaded, quoted, as `If-Match: "2026-12-02T10:00:00.000Z"`, and the write, under the entry's row lock,
 * refuses with 409 ENTRY_CHANGED when the entry has changed since (assertUnchangedSince). Two operators editing one
 * entry then cannot silently undo each other's work: a PUT replaces a whole drop, fusion or calendar, and a PATCH
 * would put back a field the other had just changed. A write without the header (a script, an older client) is made
 * as before, the last one winning. 409 rather than HTTP's 412: the clients of spec section 6 know 409 as "refused,
 * given the entry's state", and 412 is not among the statuses they handle.
 */
export type TSeenVersion = Date | null;

const MESSAGE = 'Send the updatedAt of the entry you edited, in quotes, or no If-Match.';

/** The version the request was made from (`If-Match`), or null when it names none (absent, or `*`: any version). */
export function seenVersionOf(request: Pick<FastifyRequest, 'headers'>): TSeenVersion {
  const header = request.headers['if-match'];
  if (header === undefined || header.trim() === '*') return null;
  // One entity tag, strong or weak: the version is the same either way.
  const match = /^\s*(?:W\/)?"([^"]{1,64})"\s*$/.exec(header);
  const seen = match ? new Date(match[1]!) : null;
  if (!seen || Number.isNaN(seen.getTime())) {
    throw new AppError('INVALID_REQUEST', { details: [{ field: 'If-Match', message: MESSAGE }] });
  }
  return seen;
}

/** ENTRY_CHANGED when the request was made from another version of the entry than the one locked now. */
export function assertUnchangedSince(seen: TSeenVersion, updatedAt: Date): void {
  if (seen !== null && seen.getTime() !== updatedAt.getTime()) throw new AppError('ENTRY_CHANGED');
}

/**
 * The `updatedAt` a write gives the entry it replaces: now, or a millisecond past the replaced version when the clock
 * has not moved past it (two saves within one millisecond, a test's stopped clock), so that every write makes a new
 * version and an edit made from the one before is refused.
 */
export function nextVersionAt(now: Date, replaced: Date): Date {
  return now.getTime() > replaced.getTime() ? now : new Date(replaced.getTime() + 1);
}
