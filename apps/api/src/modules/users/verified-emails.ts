import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Principal } from '../../http/auth-guard.ts';
import { coalescedReads } from '../../db/coalesced-reads.ts';
import { queryRows } from '../../db/query-rows.ts';
import { sqlArray } from '../../db/sql-arrays.ts';

/*
 * Route: none of its own; POST /v2/orders (purchase-packs.ts), drop reminders (drops/reminders) and the reminder job
 * ask it · Reads: users (email, email_verified_at) · Tests: orders.test.ts, drop-reminders.test.ts.
 */

/** How many verified addresses one process keeps: a drop's buyers many times over, a few megabytes. */
const MAX_KEPT = 200_000;
const verified = new Map<string, string>();

/**
 * A person's email address once it is verified, in lower case; null while it is not (spec section 4: a CREATED account
 * goes to email verification first). Buying needs it (EMAIL_VERIFICATION_REQUIRED) and a whitelist matches only such
 * an address, so nobody can buy a whitelisted round by signing up with an address they do not own.
 *
 * Verified addresses are kept per process: an address, once verified, stays verified and there is no address change,
 * so a buyer's hundredth attempt in a rush costs no read, and the first attempts of many buyers in one turn of the
 * event loop share one query (coalescedReads). A "not verified" answer is never kept: verifying counts at once. A deleted account's entry may outlive it here, but a deleted account has no session to buy with.
 */
export async function verifiedEmailOf(db: Db, userId: string): Promise<string | null> {
  const kept = verified.get(userId);
  if (kept) return kept;
  const email = await verifiedEmailReader(db)(userId);
  if (!email) return null;
  if (verified.size >= MAX_KEPT) verified.clear();
  verified.set(userId, email);
  return email;
}

/**
 * The signed-in person's verified address: the one their access token carries when it was verified at sign-in (no
 * read: decision record 41), else verifiedEmailOf. A purchase in a drop rush asks for it first.
 */
export async function verifiedEmailFor(
  db: Db,
  principal: Pick<Principal, 'userId' | 'verifiedEmail'>,
): Promise<string | null> {
  return principal.verifiedEmail ?? verifiedEmailOf(db, principal.userId);
}

/** Each database handle's reader of verified addresses: the first attempts of a rush's buyers read together. */
const verifiedEmailReaders = new WeakMap<Db, (userId: string) => Promise<string | undefined>>();

function verifiedEmailReader(db: Db) {
  let reader = verifiedEmailReaders.get(db);
  if (!reader) {
    reader = coalescedReads((userIds: string[]) => verifiedEmailsByIds(db, userIds));
    verifiedEmailReaders.set(db, reader);
  }
  return reader;
}

/**
 * The verified addresses of many people in one query (the drop reminder job's batch), read fresh: a deleted account
 * has none (its address is erased), so nobody is emailed at an address that is no longer theirs.
 */
export async function verifiedEmailsByIds(db: Db, userIds: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  // One array parameter: the same statement text, prepared once, for any number of people.
  const rows = await queryRows<{ id: string; email: string }>(
    db,
    sql`select id, email from users where id = any(${sqlArray(unique)}::uuid[]) and email_verified_at is not null`,
  );
  return new Map(rows.map((row) => [row.id, row.email.toLowerCase()]));
}
