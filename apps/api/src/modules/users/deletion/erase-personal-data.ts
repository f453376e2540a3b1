import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { eraseSignInRecords } from '../../auth/erase-sign-in-records.ts';
import { eraseFavorites } from '../../collection/erase-favorites.ts';
import { eraseDropReminders } from '../../drops/reminders/erase-drop-reminders.ts';
import { eraseProviderLinks } from '../../auth/oauth/linked-accounts.ts';
import { eraseOperatorGrants } from '../../console/operators/operator-grants.ts';
import { eraseNotifications } from '../../notifications/erase-notifications.ts';
import { eraseSavedPaymentDetails } from '../../wallet/erase-saved-payment-details.ts';
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
    previousPasswordHash: null,
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
 * cards, Tilia methods, bank accounts and wallet addresses (conveniences, not records), favorites (a taste the public
 * profile showed), drop reminders, the notifications feed, and the upload records. The
 * uploaded files themselves go after commit; their keys are returned for that. Ledger entries, deposits and
 * withdrawals (with the bank details they were paid to) stay: they are financial records the business must keep.
 */
export async function erasePersonalData(tx: Db, userId: string, formerEmail: string, now: Date) {
  await eraseSignInRecords(tx, userId);
  await eraseOperatorGrants(tx, userId);
  await eraseSavedPaymentDetails(tx, userId);
  await eraseFavorites(tx, userId);
  await eraseDropReminders(tx, userId);
  await eraseNotifications(tx, userId);
  await tx
    .delete(newsletterSubscriptions)
    .where(sql`lower(${newsletterSubscriptions.email}) = ${formerEmail.toLowerCase()}`);

  const links = await eraseProviderLinks(tx, userId);
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
