import { eq, inArray } from 'drizzle-orm';
import type { TConsolePerson } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
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

/** A person every row that names them can count on: accounts are anonymised on deletion, never removed. */
export function personIn(people: ReadonlyMap<string, TConsolePerson>, id: string): TConsolePerson {
  const person = people.get(id);
  if (!person) throw new Error(`no user ${id}, though a row points at it`);
  return person;
}

/**
 * Locks the person's row until the transaction ends: whatever else a person may have only so many of, or must not
 * do twice at once, queues here.
 */
export async function lockPerson(tx: Db, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
