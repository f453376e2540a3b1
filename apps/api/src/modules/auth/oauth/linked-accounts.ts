import { and, eq, sql } from 'drizzle-orm';
import type { TOAuthProvider } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { preparedQuery } from '../../../db/prepared.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { oauthAccounts, oauthStates } from './oauth.tables.ts';

/**
 * Provider accounts tied to a person, for the sign-in (Google) and for the account page's Discord connection
 * (modules/users/discord). Writes: oauth_accounts, oauth_states (erasure only).
 */

/** The person a provider account is tied to, and since when, if it is. */
export async function findLinkedAccount(
  db: Db,
  provider: TOAuthProvider,
  providerUserId: string,
): Promise<{ userId: string; linkedAt: Date } | undefined> {
  const [linked] = await db
    .select({ userId: oauthAccounts.userId, linkedAt: oauthAccounts.linkedAt })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, providerUserId)));
  return linked;
}

/** A person's account at a provider: what it was called and since when. */
export async function findProviderLink(db: Db, userId: string, provider: TOAuthProvider) {
  const query = preparedQuery(db, 'find_provider_link', (handle) =>
    handle
      .select({ displayName: oauthAccounts.displayName, linkedAt: oauthAccounts.linkedAt })
      .from(oauthAccounts)
      .where(
        and(
          eq(oauthAccounts.userId, sql.placeholder('userId')),
          eq(oauthAccounts.provider, sql.placeholder('provider')),
        ),
      )
      .prepare('find_provider_link'),
  );
  const [link] = await query.execute({ userId, provider });
  return link;
}

/**
 * Ties a provider account to a person. Fails the insert when the provider account belongs to someone else
 * (isProviderAccountTaken) or the person already has one at that provider (isProviderAlreadyLinked).
 */
export async function linkProviderAccount(
  tx: Db,
  link: {
    userId: string;
    provider: TOAuthProvider;
    providerUserId: string;
    email: string | null;
    displayName: string | null;
  },
  now: Date,
): Promise<void> {
  await tx.insert(oauthAccounts).values({ id: newId(), ...link, linkedAt: now });
}

export function isProviderAccountTaken(error: unknown): boolean {
  return isUniqueViolation(error, 'oauth_accounts_provider_user_key');
}

export function isProviderAlreadyLinked(error: unknown): boolean {
  return isUniqueViolation(error, 'oauth_accounts_user_provider_key');
}

/** Unties the person's account at a provider: its id there, or undefined when there was none. */
export async function unlinkProviderAccount(
  tx: Db,
  userId: string,
  provider: TOAuthProvider,
): Promise<string | undefined> {
  const [removed] = await tx
    .delete(oauthAccounts)
    .where(and(eq(oauthAccounts.userId, userId), eq(oauthAccounts.provider, provider)))
    .returning({ providerUserId: oauthAccounts.providerUserId });
  return removed?.providerUserId;
}

/** An account deletion: every provider tie and round trip of the person goes; the ties are returned. */
export async function eraseProviderLinks(tx: Db, userId: string) {
  await tx.delete(oauthStates).where(eq(oauthStates.userId, userId));
  return tx
    .delete(oauthAccounts)
    .where(eq(oauthAccounts.userId, userId))
    .returning({ provider: oauthAccounts.provider, providerUserId: oauthAccounts.providerUserId });
}
