import { z } from 'zod';
import { authMessages, ZMfaChallenge, ZTokenPair } from './auth.ts';

/**
 * Sign-in with Google and connecting Discord: an authorization-code flow with state and PKCE, the state and code
 * verifier kept by the API. The web only carries `code` and `state` from its callback page back to the API.
 */
export const oauthProviders = ['google', 'discord'] as const;
export const ZOAuthProvider = z.enum(oauthProviders);
export type TOAuthProvider = z.infer<typeof ZOAuthProvider>;

/** GET /v1/users/authentications/oauth/{provider}: where to send the browser. */
export const ZOAuthAuthorization = z.object({ url: z.string() });
export type TOAuthAuthorization = z.infer<typeof ZOAuthAuthorization>;

/** What the provider sent back to the callback page (`/oauth/{provider}/callback?code=...&state=...`). */
export const ZOAuthCallbackRequest = z.strictObject({
  code: z.string().min(1).max(2000),
  state: z.string().min(16).max(200),
});
export type TOAuthCallbackRequest = z.input<typeof ZOAuthCallbackRequest>;

/**
 * The temporary social-login profile (spec section 3): what the provider told us about a person who has no account
 * yet. The web keeps it in browser storage while it shows the sign-up consent, then sends `signUpToken` back.
 */
export const ZSocialProfile = z.object({
  provider: ZOAuthProvider,
  email: z.string(),
  name: z.string().nullable(),
  picture: z.string().nullable(),
  /** Signed by the API, valid for 30 minutes; it is what proves the provider vouched for this email. */
  signUpToken: z.string(),
});
export type TSocialProfile = z.infer<typeof ZSocialProfile>;

export const ZSocialSignUpRequired = z.object({ signUpRequired: z.literal(true), socialProfile: ZSocialProfile });
export type TSocialSignUpRequired = z.infer<typeof ZSocialSignUpRequired>;

/** The callback's answer: signed in, a two-factor step (as for a password sign-in), or sign-up consent first. */
export const ZOAuthSignInResponse = z.union([ZTokenPair, ZMfaChallenge, ZSocialSignUpRequired]);
export type TOAuthSignInResponse = z.infer<typeof ZOAuthSignInResponse>;

/** POST /v1/users/social: creates the account (email already verified by the provider) and signs it in. */
export const ZSocialSignUpRequest = z.strictObject({
  signUpToken: z.string().min(16).max(4000),
  agreeToTerms: z.literal(true, { error: authMessages.consentRequired }),
  agreeToPrivacy: z.literal(true, { error: authMessages.consentRequired }),
  marketingConsent: z.boolean().default(false),
});
export type TSocialSignUpRequest = z.input<typeof ZSocialSignUpRequest>;
