import type { TActivityKind } from '@cypher/contract';
import type { IconName } from '../ui/icon.tsx';

/**
 * How each activity is told, wherever one shows: a product's activity feed (catalog) and an edition's history (the NFT
 * page, collection). One vocabulary, the contract's activityKinds, so a new kind is named here once.
 */
export const activityWords: Record<TActivityKind, { verb: string; icon: IconName; actorIs?: 'recipient' }> = {
  MINTED: { verb: 'Minted', icon: 'sparkle' },
  PURCHASED: { verb: 'Bought', icon: 'card' },
  OPENED: { verb: 'Opened', icon: 'package' },
  EQUIPPED: { verb: 'Placed on a figure base', icon: 'frame' },
  UNEQUIPPED: { verb: 'Taken off a figure base', icon: 'frame' },
  LOCKED: { verb: 'Locked', icon: 'lock' },
  UNLOCKED: { verb: 'Unlocked', icon: 'lock' },
  LISTED: { verb: 'Listed for sale', icon: 'tag' },
  UNLISTED: { verb: 'Taken off sale', icon: 'tag' },
  SOLD: { verb: 'Sold', icon: 'tag' },
  EXPORTED: { verb: 'Exported to a wallet', icon: 'external' },
  FUSED: { verb: 'Fused', icon: 'flame' },
  BURNED: { verb: 'Used in a fusion', icon: 'flame' },
  REDEEMED: { verb: 'Redeemed', icon: 'gift' },
  // The person these name is the one who received the edition, not who gave it: "Airdropped to Mika".
  AIRDROPPED: { verb: 'Airdropped', icon: 'package', actorIs: 'recipient' },
  REWARDED: { verb: 'Given as a check-in reward', icon: 'gift', actorIs: 'recipient' },
};

/** Who an activity names, after its verb: "by Mika" for what they did, "to Mika" for what they were given; null for none. */
export function activityActorWords(kind: TActivityKind, actor: { nickname: string | null } | null): string | null {
  if (!actor) return null;
  const name = actor.nickname ?? 'a collector';
  return activityWords[kind].actorIs === 'recipient' ? `to ${name}` : `by ${name}`;
}
