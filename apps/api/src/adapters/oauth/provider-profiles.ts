import { z } from 'zod';
import type { TOAuthProvider } from '@cypher/contract';

/** A person as a provider describes them, in one shape whatever the provider. */
export interface ProviderProfile {
  providerUserId: string;
  email: string | null;
  /** Only a verified email may stand in for our own email verification. */
  isEmailVerified: boolean;
  name: string | null;
  picture: string | null;
  /** Discord's handle, shown on the account page; null for Google. */
  username: string | null;
}

/** OpenID Connect userinfo (Google): `sub` is the stable id. */
const ZGoogleUserinfo = z.object({
  sub: z.string().min(1),
  email: z.string().nullish(),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).nullish(),
  name: z.string().nullish(),
  picture: z.string().nullish(),
});

/** Discord's GET /users/@me. */
const ZDiscordUser = z.object({
  id: z.string().min(1),
  username: z.string().min(1),
  global_name: z.string().nullish(),
  email: z.string().nullish(),
  verified: z.boolean().optional(),
  avatar: z.string().nullish(),
});

export const profileScopes: Record<TOAuthProvider, string[]> = {
  // Spec section 7: email and profile; `openid` makes Google answer the OpenID userinfo with its stable `sub`.
  google: ['openid', 'email', 'profile'],
  discord: ['identify', 'email'],
};

/** Reads a userinfo answer; throws when it is not what the provider documents (treated as the provider failing). */
export function parseProviderProfile(provider: TOAuthProvider, body: unknown): ProviderProfile {
  if (provider === 'google') {
    const user = ZGoogleUserinfo.parse(body);
    return {
      providerUserId: user.sub,
      email: user.email?.toLowerCase() ?? null,
      isEmailVerified: user.email_verified === true || user.email_verified === 'true',
      name: user.name ?? null,
      picture: user.picture ?? null,
      username: null,
    };
  }
  const user = ZDiscordUser.parse(body);
  return {
    providerUserId: user.id,
    email: user.email?.toLowerCase() ?? null,
    isEmailVerified: user.verified === true,
    name: user.global_name ?? user.username,
    picture: user.avatar ? `https://cdn.discordapp.com/avatars/${user.id}/${user.avatar}.png` : null,
    username: user.username,
  };
}
