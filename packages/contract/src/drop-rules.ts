/**
 * Drops and their sale rounds (spec sections 2, 3 and 4). The status rules are pure functions of the times and the
 * clock, used by the API (what may be bought now) and the web (countdowns that tick every second) alike.
 */

/** A drop sells at most this many packs. */
export const MAX_DROP_PACKS = 100_000;

export const dropStatuses = ['NONE', 'NEXT', 'AVAILABLE', 'COMPLETED'] as const;
export type TDropStatus = (typeof dropStatuses)[number];

/** What the status rules read: the drop's times and its sale policies' rounds, times and pack ranges. */
export interface TDropTimes {
  visibleAt: string | Date;
  dropBeginAt: string | Date;
  dropEndAt: string | Date;
}
export interface TPolicyTimes {
  round: number;
  saleBeginAt: string | Date;
  saleEndAt: string | Date;
}
export interface TPolicyCounts {
  beginIssuedPackNumber: number;
  endIssuedPackNumber: number;
  soldCount: number;
  whitelistCount?: number;
}

const ms = (value: string | Date) => (typeof value === 'string' ? Date.parse(value) : value.getTime());

/**
 * Spec section 4: NONE before visibleAt; NEXT from visibleAt to dropBeginAt; AVAILABLE from dropBeginAt to
 * dropEndAt; COMPLETED from dropEndAt on. Each interval includes its start and excludes its end.
 */
export function dropStatusAt(drop: TDropTimes, now: Date): TDropStatus {
  const at = now.getTime();
  if (at < ms(drop.visibleAt)) return 'NONE';
  if (at < ms(drop.dropBeginAt)) return 'NEXT';
  if (at < ms(drop.dropEndAt)) return 'AVAILABLE';
  return 'COMPLETED';
}

export interface TRoundState<P> {
  /** Within AVAILABLE: the latest policy whose saleBeginAt has passed; null before the first round begins. */
  current: P | null;
  /** The current round is active only while now is between its saleBeginAt and saleEndAt. */
  isCurrentActive: boolean;
  /** The policy after the current one; when the drop is NEXT (or no round has begun), the first. */
  next: P | null;
}

/** Spec section 4's round selection, over policies in any order (they are sorted by round here). */
export function roundStateAt<P extends TPolicyTimes>(
  drop: TDropTimes,
  policies: readonly P[],
  now: Date,
): TRoundState<P> {
  const sorted = [...policies].sort((a, b) => a.round - b.round);
  const status = dropStatusAt(drop, now);
  if (status === 'NEXT') return { current: null, isCurrentActive: false, next: sorted[0] ?? null };
  if (status !== 'AVAILABLE') return { current: null, isCurrentActive: false, next: null };
  const at = now.getTime();
  const begun = sorted.filter((policy) => ms(policy.saleBeginAt) <= at);
  const current = begun.at(-1) ?? null;
  const next = current ? (sorted[sorted.indexOf(current) + 1] ?? null) : (sorted[0] ?? null);
  const isCurrentActive = current !== null && at < ms(current.saleEndAt);
  return { current, isCurrentActive, next };
}

/** Packs issued by one policy: its range of pack numbers, both ends included. */
export function issuedPackCount(policy: Pick<TPolicyCounts, 'beginIssuedPackNumber' | 'endIssuedPackNumber'>): number {
  return policy.endIssuedPackNumber - policy.beginIssuedPackNumber + 1;
}

export interface TDropCounts {
  /** Packs issued over every round. */
  dropCount: number;
  soldCount: number;
  roundCount: number;
  /** People on the rounds' whitelists, summed over the rounds. */
  whitelistCount: number;
}

/** Spec section 4's drop counts. */
export function dropCounts(policies: readonly TPolicyCounts[]): TDropCounts {
  return {
    dropCount: policies.reduce((sum, policy) => sum + issuedPackCount(policy), 0),
    soldCount: policies.reduce((sum, policy) => sum + policy.soldCount, 0),
    roundCount: policies.length,
    whitelistCount: policies.reduce((sum, policy) => sum + (policy.whitelistCount ?? 0), 0),
  };
}

/** Sold out: the total soldCount equals the total of issued packs (and there is at least one). */
export function isDropSoldOut(policies: readonly TPolicyCounts[]): boolean {
  const counts = dropCounts(policies);
  return counts.dropCount > 0 && counts.soldCount >= counts.dropCount;
}
