/**
 * An edition's life as one state machine, without zod (the web's NFT page reads it to offer only the moves allowed):
 * the one table that opening a pack, figure bases, export, fusion and the resale market consult. A move is one
 * conditional statement (`... where state = any(from)`) whose row count decides, and it writes the edition's history
 * row in the same statement (apps/api collection/move-editions.ts).
 */

/**
 * UNISSUED: minted ahead as a fusion's result or in an edition pool, owned by nobody until a fusion or a grant gives it
 * (issues 19 and 20). IN_PACK: minted inside a pack, owned through the pack until it is opened. OWNED: in its owner's
 * collection, free to move. EQUIPPED: placed on a figure base. LOCKED: kept by its owner from fusion, export, sale and figure bases.
 * LISTED: offered for resale. EXPORTED: moved out to the owner's own wallet, no longer in the collection. BURNED:
 * consumed by a fusion.
 */
export const editionStates = [
  'UNISSUED',
  'IN_PACK',
  'OWNED',
  'EQUIPPED',
  'LOCKED',
  'LISTED',
  'EXPORTED',
  'BURNED',
] as const;
export type TEditionState = (typeof editionStates)[number];

/**
 * What an edition's history records, and a product's activity feed shows: one vocabulary for every feature. The
 * database takes its list from here at start-up (activity_kinds), so a feature adds a kind here and nowhere else.
 */
export const activityKinds = [
  'MINTED',
  'PURCHASED',
  'OPENED',
  'EQUIPPED',
  'UNEQUIPPED',
  'LOCKED',
  'UNLOCKED',
  'LISTED',
  'UNLISTED',
  'SOLD',
  'EXPORTED',
  'FUSED',
  'BURNED',
  'REDEEMED',
  'AIRDROPPED',
  'REWARDED',
] as const;
export type TActivityKind = (typeof activityKinds)[number];

/**
 * Every move an edition makes: the states it may leave (`from`), the state it reaches (`to`) and the history row it
 * writes (`activity`). `isOwnerChange`: the edition gets a new owner (a resale).
 */
export const editionMoves = {
  open: { from: ['IN_PACK'], to: 'OWNED', activity: 'OPENED', isOwnerChange: false },
  issue: { from: ['UNISSUED'], to: 'OWNED', activity: 'FUSED', isOwnerChange: true },
  equip: { from: ['OWNED'], to: 'EQUIPPED', activity: 'EQUIPPED', isOwnerChange: false },
  unequip: { from: ['EQUIPPED'], to: 'OWNED', activity: 'UNEQUIPPED', isOwnerChange: false },
  lock: { from: ['OWNED'], to: 'LOCKED', activity: 'LOCKED', isOwnerChange: false },
  unlock: { from: ['LOCKED'], to: 'OWNED', activity: 'UNLOCKED', isOwnerChange: false },
  list: { from: ['OWNED'], to: 'LISTED', activity: 'LISTED', isOwnerChange: false },
  unlist: { from: ['LISTED'], to: 'OWNED', activity: 'UNLISTED', isOwnerChange: false },
  sell: { from: ['LISTED'], to: 'OWNED', activity: 'SOLD', isOwnerChange: true },
  export: { from: ['OWNED'], to: 'EXPORTED', activity: 'EXPORTED', isOwnerChange: false },
  burn: { from: ['OWNED'], to: 'BURNED', activity: 'BURNED', isOwnerChange: false },
  // Given from an edition pool (issue 20), minted ahead as UNISSUED like a fusion's results: by a redeem code, an
  // airdrop, or as a daily check-in's reward.
  redeem: { from: ['UNISSUED'], to: 'OWNED', activity: 'REDEEMED', isOwnerChange: true },
  airdrop: { from: ['UNISSUED'], to: 'OWNED', activity: 'AIRDROPPED', isOwnerChange: true },
  reward: { from: ['UNISSUED'], to: 'OWNED', activity: 'REWARDED', isOwnerChange: true },
} as const satisfies Record<
  string,
  { from: readonly TEditionState[]; to: TEditionState; activity: TActivityKind; isOwnerChange: boolean }
>;
export type TEditionMove = keyof typeof editionMoves;
export const editionMoveNames = Object.keys(editionMoves) as TEditionMove[];

/** Whether an edition in `state` may make `move`. */
export function canMoveEdition(state: TEditionState, move: TEditionMove): boolean {
  return (editionMoves[move].from as readonly TEditionState[]).includes(state);
}

/** Not shown as an edition yet: minted ahead for a fusion's result, or inside a pack still closed. */
export function isEditionHidden(state: TEditionState): boolean {
  return state === 'UNISSUED' || state === 'IN_PACK';
}

/** Held against fusion, export and sale: on a figure base, locked by its owner, or on offer. */
export function isEditionLocked(state: TEditionState): boolean {
  return state === 'EQUIPPED' || state === 'LOCKED' || state === 'LISTED';
}

/** The states of an edition in its owner's collection (My Collection lists these; a pack still closed shows as a pack). */
export const collectedEditionStates = [
  'OWNED',
  'EQUIPPED',
  'LOCKED',
  'LISTED',
] as const satisfies readonly TEditionState[];

/** Still in a collection: owned (in any way), or in an unopened pack. Exported and burned editions have left it. */
export function isEditionInCollection(state: TEditionState): boolean {
  return state !== 'EXPORTED' && state !== 'BURNED';
}
