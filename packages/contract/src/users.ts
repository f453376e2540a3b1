import { z } from 'zod';
import { ZUuid } from './envelope.ts';
import { accountStatuses } from './account-status.ts';
import { ZEmail, ZMailedLinkKey } from './auth.ts';

export const ZAccountStatus = z.enum(accountStatuses);

/** The Discord account connected to a user (POST /v1/discords/link answers it; /users/my shows it). */
export const ZDiscordLink = z.object({ username: z.string(), linkedAt: z.string() });
export type TDiscordLink = z.infer<typeof ZDiscordLink>;

/** The signed-in user's own record (GET /v1/users/my): every User field of spec section 3. */
export const ZMyUser = z.object({
  id: ZUuid,
  email: z.string(),
  nickname: z.string().nullable(),
  photoUrl: z.string().nullable(),
  backgroundUrl: z.string().nullable(),
  phoneEnding: z.string().nullable(),
  marketingConsent: z.boolean(),
  twoFactor: z.object({ isEnabled: z.boolean(), verifiedAt: z.string().nullable() }),
  discord: ZDiscordLink.nullable(),
  /**
   * After a disconnect, while Discord may not be connected again (14 days, spec section 9): from when it may, so the
   * page says so before anyone tries. Null otherwise.
   */
  discordReconnectAvailableAt: z.string().nullable(),
  status: ZAccountStatus,
  isDeleteRequestedAccount: z.boolean(),
  /**
   * While a deletion request runs: when the account is deleted (seven days after the request, as the request's mail
   * says), so the deletion-in-progress screen names the day. Null without a request.
   */
  deletionScheduledAt: z.string().nullable(),
  isEmailVerified: z.boolean(),
  hasPassword: z.boolean(),
  /**
   * Holds a console role (admin or brand manager): the web offers the console and asks `/console/me` for the roles
   * only then, instead of asking everyone and reading a collector's 403. The console's guard stays the rule.
   */
  isOperator: z.boolean(),
  createdAt: z.string(),
});
export type TMyUser = z.infer<typeof ZMyUser>;

/** What anyone may see of another user (GET /v1/users/{id}). */
export const ZPublicUser = z.object({
  id: ZUuid,
  nickname: z.string().nullable(),
  photoUrl: z.string().nullable(),
  backgroundUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type TPublicUser = z.infer<typeof ZPublicUser>;

/** Nickname rules of spec section 5, with the words both the form and the API show. */
export const nicknameMessages = {
  length: 'Your nickname must be 3 to 30 letters long.',
  lettersOnly: 'Use letters only (A-Z): no numbers, spaces or symbols.',
} as const;

export const NICKNAME_MIN_LENGTH = 3;
export const NICKNAME_MAX_LENGTH = 30;

/**
 * Letters only, 3 to 30. Latin letters A-Z: nicknames are public, and allowing look-alike letters from other
 * scripts would let one collector pass for another ("Аlice" with a Cyrillic A). Unique whatever the case (API).
 */
export const ZNickname = z
  .string({ error: nicknameMessages.length })
  .trim()
  .min(NICKNAME_MIN_LENGTH, { error: nicknameMessages.length })
  .max(NICKNAME_MAX_LENGTH, { error: nicknameMessages.length })
  .regex(/^[A-Za-z]*$/, { error: nicknameMessages.lettersOnly });

/**
 * An image uploaded through POST /v1/users/media/photo or .../background, named by the `url` that answered. Only
 * the user's own uploads of the right kind are accepted (MEDIA_NOT_FOUND otherwise).
 */
const ZUploadUrl = z.string().trim().min(1).max(300);

/**
 * POST /v1/users/profile: status EMAIL_VERIFIED -> ACTIVE. Photo optional; the background comes with edit. Marketing
 * consent left out keeps the choice made at sign-up.
 */
export const ZCreateProfileRequest = z.strictObject({
  nickname: ZNickname,
  photoUrl: ZUploadUrl.nullable().optional(),
  marketingConsent: z.boolean().optional(),
});
export type TCreateProfileRequest = z.input<typeof ZCreateProfileRequest>;

/** PATCH /v1/users/profile: only the fields sent change; `null` removes a photo or background. */
export const ZUpdateProfileRequest = z
  .strictObject({
    nickname: ZNickname.optional(),
    photoUrl: ZUploadUrl.nullable().optional(),
    backgroundUrl: ZUploadUrl.nullable().optional(),
    marketingConsent: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'Send at least one field to change.',
  });
export type TUpdateProfileRequest = z.input<typeof ZUpdateProfileRequest>;

export const ZDiscordLinkRequest = z.strictObject({
  code: z.string().min(1).max(2000),
  state: z.string().min(16).max(200),
});
export type TDiscordLinkRequest = z.input<typeof ZDiscordLinkRequest>;

/** DELETE /v1/discords/link: when connecting becomes possible again (14 days later, spec section 9). */
export const ZDiscordUnlinked = z.object({ reconnectAvailableAt: z.string() });
export type TDiscordUnlinked = z.infer<typeof ZDiscordUnlinked>;

/** POST /v1/users/delete-request: accepted; the account is deleted at `deletesAt` unless revoked before. */
export const ZAccountDeletionRequested = z.object({ deleteRequestedAt: z.string(), deletesAt: z.string() });
export type TAccountDeletionRequested = z.infer<typeof ZAccountDeletionRequested>;

/** Newsletter (POST /v1/subscribe). Double opt-in: an address is on the list once its owner confirmed it. */
export const ZSubscribeRequest = z.strictObject({ email: ZEmail });
export type TSubscribeRequest = z.input<typeof ZSubscribeRequest>;
/**
 * POST /v1/subscribe's answer. CONFIRMATION_SENT is the answer for every address whatever its state (new, waiting
 * for confirmation, already on the list, asked for in the last ten minutes), so it tells nobody who is on the list:
 * it means "if this address is not on the list yet, a confirmation link is on its way to it". SUBSCRIBED is answered
 * only to a signed-in person subscribing their own verified address, which needs no confirming (decision record 46).
 */
export const ZNewsletterSubscribeOutcome = z.object({
  email: z.string(),
  status: z.enum(['CONFIRMATION_SENT', 'SUBSCRIBED']),
});
export type TNewsletterSubscribeOutcome = z.infer<typeof ZNewsletterSubscribeOutcome>;
/** POST /v1/subscribe/confirm: the token of the confirmation mail's link. */
export const ZConfirmSubscriptionRequest = z.strictObject({ token: ZMailedLinkKey });
export type TConfirmSubscriptionRequest = z.input<typeof ZConfirmSubscriptionRequest>;
export const ZNewsletterSubscription = z.object({ email: z.string(), isSubscribed: z.boolean() });
export type TNewsletterSubscription = z.infer<typeof ZNewsletterSubscription>;
export const ZUnsubscribeRequest = z.strictObject({ token: ZMailedLinkKey });
