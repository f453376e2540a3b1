import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TConsoleOperatorRef, TConsolePerson } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { users } from './users.tables.ts';

/**
 * A person as other modules show them beside their own rows (an operator, an audit actor, who asked for a
 * withdrawal): nickname and address. Other modules read their rows, then ask here for the people in one query,
 * instead of joining the users table (docs/decisions/0014-import-boundaries.md).
 */
export async function peopleByIds(db: Db, ids: readonly string[]): Promise<Map<string, TConsolePerson>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, nickname: users.nickname })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((person) => [person.id, person]));
}

/**
 * The operator `id` names, as `viewer` may see them beside what they made (ZConsoleOperatorRef): with their address
 * for an admin, or for the command line (no viewer); by nickname alone for a brand's manager. Null for no operator.
 */
export function operatorSeenBy(
  viewer: { isAdmin: boolean } | null,
  people: ReadonlyMap<string, TConsolePerson>,
  id: string | null,
): TConsoleOperatorRef | null {
  const person = id === null ? undefined : people.get(id);
  if (!person) return null;
  return viewer === null || viewer.isAdmin ? person : { ...person, email: null };
}

/**
 * The account an address names, in any case, or null. A deleted account still answers to its anonymised address, so
 * the rows that outlive it (ledger entries, orders) can still be looked up by what the console shows for it.
 */
export async function personIdByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row?.id ?? null;
}

/** A person every row that names them can count on: accounts are anonymised on deletion, never removed. */
export function personIn(people: ReadonlyMap<string, TConsolePerson>, id: string): TConsolePerson {
  const person = people.get(id);
  if (!person) throw new Error(`no user ${id}, though a row points at it`);
  return person;
}

/**
 * Locks the person's row until the transaction ends: whatever else a person may have only so many of, or must not
 * do twice at once, queues here. Refused as signed out once the account is deleted (assertAccountLiving). FOR NO KEY
 * UPDATE: two such saves queue, and so does the deletion job's FOR UPDATE, but a credit's FOR KEY SHARE and the
 * foreign-key checks of the person's orders, deposits and notices go on beside it.
 */
export async function lockPerson(tx: Db, userId: string): Promise<void> {
  const [row] = await tx
    .select({ deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  if (!row || row.deletedAt !== null) throw new AppError('UNAUTHORIZED');
}

/**
 * For what only a living account may add (a saved card, a deposit): refused as signed out (UNAUTHORIZED) once the
 * account is deleted, its row held FOR KEY SHARE until the transaction ends. The deletion job holds the row FOR UPDATE
 * while it erases what the person saved, and a request that passed its sign-in check just before would otherwise add
 * a card or a bank account to the account it had just erased, or open a payment nobody can be credited.
 */
export async function assertAccountLiving(tx: Db, userId: string): Promise<void> {
  if ((await lockAccountForCredit(tx, userId)).isDeleted) throw new AppError('UNAUTHORIZED');
}

/**
 * For money and rewards the person asks for themselves (a deposit, a check-in, a redeemed code): assertAccountLiving,
 * and refused with ACCOUNT_DELETION_PENDING while a deletion request runs its seven days. What came in then would be a
 * blocker the deletion job finds at the end and stops for, while the person, shown only the deletion-in-progress
 * screen, is told their account goes on that day. Cancelling the request (users/deletion) opens it again.
 */
export async function assertAccountOpen(tx: Db, userId: string): Promise<void> {
  const [row] = await tx
    .select({ deletedAt: users.deletedAt, deleteRequestedAt: users.deleteRequestedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('key share');
  if (!row || row.deletedAt !== null) throw new AppError('UNAUTHORIZED');
  if (row.deleteRequestedAt !== null) throw new AppError('ACCOUNT_DELETION_PENDING');
}

/**
 * Whether the person's account is deleted, read under a FOR KEY SHARE lock on their row until the transaction ends.
 * Money about to be credited to a person takes it before their ledger accounts (the person's row, then their
 * accounts, then the house's: decision record 0013's order with the row in front). The deletion job holds the row
 * FOR UPDATE from before its final blocker check until its commit, so a credit either commits first (and the job
 * finds the balance) or waits and finds the account deleted; neither can slip between the check and the deletion.
 * KEY SHARE conflicts with that FOR UPDATE but not with ordinary updates of the row (profile, sign-in), which go on.
 */
export async function lockAccountForCredit(tx: Db, userId: string): Promise<{ isDeleted: boolean }> {
  const [row] = await tx
    .select({ deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('key share');
  if (!row) throw new Error(`no user ${userId}, though money is about to be credited to them`);
  return { isDeleted: row.deletedAt !== null };
}

/**
 * lockAccountForCredit for many people at once (their rows locked in id order, as every batch takes them): the ones
 * whose accounts are deleted. An airdrop's recipients were chosen when it was made; one deleted since gets nothing.
 */
export async function deletedAccountsAmong(tx: Db, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await tx
    .select({ id: users.id, deletedAt: users.deletedAt })
    .from(users)
    .where(inArray(users.id, [...userIds]))
    .orderBy(asc(users.id))
    .for('key share');
  return new Set(rows.filter((row) => row.deletedAt !== null).map((row) => row.id));
}

/**
 * Route: POST /v1/console/airdrops (airdrops' create-airdrop.ts) · Reads: users.
 *
 * The accounts a list of people names, by email address (any case) or by id, as one set of ids, and what in the list
 * named no account. A deleted account counts as none: nothing given to it could be used.
 */
export async function accountIdsOf(
  db: Db,
  named: { emails: readonly string[]; userIds: readonly string[] },
): Promise<{ userIds: string[]; unknown: string[] }> {
  const emails = [...new Set(named.emails.map((email) => email.toLowerCase()))];
  // Lower case, as the database answers them: the same person named in two spellings is one, and is found.
  const ids = [...new Set(named.userIds.map((id) => id.toLowerCase()))];
  const byEmail =
    emails.length === 0
      ? []
      : await db
          .select({ id: users.id, email: sql<string>`lower(${users.email})` })
          .from(users)
          .where(and(sql`lower(${users.email}) = any(${sqlArray(emails)}::text[])`, isNull(users.deletedAt)));
  const byId =
    ids.length === 0
      ? []
      : await db
          .select({ id: users.id })
          .from(users)
          .where(and(sql`${users.id} = any(${sqlArray(ids)}::uuid[])`, isNull(users.deletedAt)));
  const foundEmails = new Set(byEmail.map((row) => row.email));
  const foundIds = new Set(byId.map((row) => row.id));
  return {
    userIds: [...new Set([...byEmail.map((row) => row.id), ...foundIds])],
    unknown: [...emails.filter((email) => !foundEmails.has(email)), ...ids.filter((id) => !foundIds.has(id))],
  };
}

/** When the account was made: a review weighs a new account's first payout differently. */
export async function personJoinedAt(db: Db, id: string): Promise<Date> {
  const [row] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}, though a row points at it`);
  return row.createdAt;
}
