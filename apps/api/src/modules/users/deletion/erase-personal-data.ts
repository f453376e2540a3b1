import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { accountKeys, mfaChallenges, sessions } from '../../auth/auth.tables.ts';
import { oauthAccounts, oauthStates } from '../../auth/oauth/oauth.tables.ts';
import { operatorGrants } from '../../console/console.tables.ts';
import { savedCards, tiliaPaymentMethods } from '../../wallet/cards/cards.tables.ts';
import { bankAccounts, walletAddresses } from '../../wallet/payout-destinations/payout-destinations.tables.ts';
import { recordRoleReset } from '../discord/role-resets.ts';
import { newsletterSubscriptions } from '../newsletter/newsletter.tables.ts';
import { userUploads, type TUserRow } from '../users.tables.ts';

/**
 * What a completed deletion leaves of the user row: the id (orders, audit entries and ledgers point at it), the
 * dates, and nothing that identifies a person. The email becomes a unique address that can never receive mail
 * (`.invalid` is reserved, RFC 2606), so the real one is free for a new sign-up.
 */
export function anonymisedUserFields(userId: string): Partial<TUserRow> {
  return {
    email: `deleted+${userId}@invalid`,
    passwordHash: null,
    nickname: null,
    photoUrl: null,
    backgroundUrl: null,
    phoneNumber: null,
    mfaEnabledAt: null,
    marketingConsent: false,
    emailVerifiedAt: null,
    passwordChangedAt: null,
    discordReconnectLockedUntil: null,
  };
}

/**
 * Everything else that is personal or grants access, removed in the deletion's transaction: sign-ins (with their IP
 * addresses and devices), pending email keys (a reset link must not revive the account), Google and Discord links
 * (Discord's roles are reset after commit), console roles, the newsletter subscription of the old address, saved
 * cards, Tilia methods, bank accounts and wallet addresses (conveniences, not records), and the upload records. The
 * uploaded files themselves go after commit; their keys are returned for that. Ledger entries, deposits and
 * withdrawals (with the bank details they were paid to) stay: they are financial records the business must keep.
 */
export async function erasePersonalData(tx: Db, userId: string, formerEmail: string, now: Date) {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(accountKeys).where(eq(accountKeys.userId, userId));
  await tx.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId));
  await tx.delete(oauthStates).where(eq(oauthStates.userId, userId));
  await tx.delete(operatorGrants).where(eq(operatorGrants.userId, userId));
  await tx.delete(savedCards).where(eq(savedCards.userId, userId));
  await tx.delete(tiliaPaymentMethods).where(eq(tiliaPaymentMethods.userId, userId));
  await tx.delete(bankAccounts).where(eq(bankAccounts.userId, userId));
  await tx.delete(walletAddresses).where(eq(walletAddresses.userId, userId));
  await tx
    .delete(newsletterSubscriptions)
    .where(sql`lower(${newsletterSubscriptions.email}) = ${formerEmail.toLowerCase()}`);

  const links = await tx
    .delete(oauthAccounts)
    .where(eq(oauthAccounts.userId, userId))
    .returning({ provider: oauthAccounts.provider, providerUserId: oauthAccounts.providerUserId });
  const roleResets: { id: string; discordUserId: string }[] = [];
  for (const link of links.filter((candidate) => candidate.provider === 'discord')) {
    roleResets.push({ id: await recordRoleReset(tx, link.providerUserId, now), discordUserId: link.providerUserId });
  }

  const uploads = await tx
    .delete(userUploads)
    .where(eq(userUploads.userId, userId))
    .returning({ key: userUploads.key });
  return { uploadKeys: uploads.map((upload) => upload.key), roleResets };
}
