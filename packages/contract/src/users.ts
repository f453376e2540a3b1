import { z } from 'zod';

/** Account status (spec section 4): CREATED -> EMAIL_VERIFIED (email verified) -> ACTIVE (profile created). */
export const accountStatuses = ['CREATED', 'EMAIL_VERIFIED', 'ACTIVE'] as const;
export const ZAccountStatus = z.enum(accountStatuses);
export type TAccountStatus = z.infer<typeof ZAccountStatus>;

/** The signed-in user's own record (GET /v1/users/my): every User field of spec section 3. */
export const ZMyUser = z.object({
  id: z.uuid(),
  email: z.string(),
  nickname: z.string().nullable(),
  photoUrl: z.string().nullable(),
  backgroundUrl: z.string().nullable(),
  phoneEnding: z.string().nullable(),
  marketingConsent: z.boolean(),
  twoFactor: z.object({ isEnabled: z.boolean(), verifiedAt: z.string().nullable() }),
  discord: z.object({ username: z.string(), linkedAt: z.string() }).nullable(),
  status: ZAccountStatus,
  isDeleteRequestedAccount: z.boolean(),
  isEmailVerified: z.boolean(),
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type TMyUser = z.infer<typeof ZMyUser>;

/** What anyone may see of another user (GET /v1/users/{id}). */
export const ZPublicUser = z.object({
  id: z.uuid(),
  nickname: z.string().nullable(),
  photoUrl: z.string().nullable(),
  backgroundUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type TPublicUser = z.infer<typeof ZPublicUser>;
