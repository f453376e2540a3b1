import type { TOAuthProvider } from '@cypher/contract';

/** A person the stand-in can sign in as. Ids are fixed, so the same pick always finds the same account. */
export interface StandInIdentity {
  id: string;
  email: string;
  name: string;
  /** Discord's handle. */
  username: string;
}

/**
 * Three test people per provider. The Google ones use addresses nobody signs up with by password, so each first pick
 * leads to sign-up consent; Discord ones are what a collector would connect.
 */
export const standInIdentities: Record<TOAuthProvider, StandInIdentity[]> = {
  google: [
    { id: '104729000000000000001', email: 'ada.lovelace@gmail.test', name: 'Ada Lovelace', username: 'ada' },
    { id: '104729000000000000002', email: 'grace.hopper@gmail.test', name: 'Grace Hopper', username: 'grace' },
    { id: '104729000000000000003', email: 'alan.turing@gmail.test', name: 'Alan Turing', username: 'alan' },
  ],
  discord: [
    {
      id: '880000000000000001',
      email: 'pixel.collector@discord.test',
      name: 'Pixel Collector',
      username: 'pixelcollector',
    },
    { id: '880000000000000002', email: 'neon.drops@discord.test', name: 'Neon Drops', username: 'neondrops' },
    { id: '880000000000000003', email: 'fusion.fan@discord.test', name: 'Fusion Fan', username: 'fusionfan' },
  ],
};

/** The userinfo body the real provider answers for this person, field for field. */
export function userinfoBody(provider: TOAuthProvider, identity: StandInIdentity): Record<string, unknown> {
  if (provider === 'google') {
    // Google leaves `picture` out when the account has none, as these test people have not.
    return { sub: identity.id, email: identity.email, email_verified: true, name: identity.name };
  }
  return {
    id: identity.id,
    username: identity.username,
    global_name: identity.name,
    email: identity.email,
    verified: true,
    avatar: null,
  };
}
