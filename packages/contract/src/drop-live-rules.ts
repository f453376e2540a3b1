/**
 * A drop page's live counts (`GET /v1/drops/{id}/live`, decision record 35): what one `counts` event says, and how a
 * client folds it into the drop it already holds. Free of zod, so the drop page's first paint stays without it
 * (decision record 20); the schema is in drop-live.ts.
 */
import { roundStateAt, type TDropStatus } from './drop-rules.ts';

/** The name of the server-sent event that carries a drop's counts. */
export const DROP_LIVE_EVENT = 'counts';

/**
 * Where a round stands: UPCOMING before its opening, ON_SALE while it is the round on sale with packs left, SOLD_OUT
 * once none is left (held packs count as sold until their order ends), ENDED once another round or the drop's end
 * took over with packs left.
 */
export const dropLiveRoundStates = ['UPCOMING', 'ON_SALE', 'SOLD_OUT', 'ENDED'] as const;
export type TDropLiveRoundState = (typeof dropLiveRoundStates)[number];

export interface TDropLiveRound {
  id: string;
  round: number;
  soldCount: number;
  leftCount: number;
  /** Of `leftCount`, the packs held back for the round's pass holders (ZSalePolicy's `heldBackLeftCount`). */
  heldBackLeftCount: number;
  state: TDropLiveRoundState;
}

export interface TDropLiveCountsShape {
  dropId: string;
  status: TDropStatus;
  isSoldOut: boolean;
  counts: { dropCount: number; soldCount: number };
  rounds: TDropLiveRound[];
  /** The gift round's packs and how many were given (decision record 36), or null for a drop without one. */
  giftRound: { packCount: number; givenCount: number } | null;
  /** When the counts were read (ISO 8601). */
  at: string;
}

interface TLiveRoundSource {
  id: string;
  round: number;
  saleBeginAt: string | Date;
  saleEndAt: string | Date;
  beginIssuedPackNumber: number;
  endIssuedPackNumber: number;
  soldCount: number;
  heldBackLeftCount: number;
}

/** Each round's state at `now`, from the drop's times and the rounds' counts (the drop page's own rules). */
export function liveRoundsAt(
  drop: { visibleAt: string | Date; dropBeginAt: string | Date; dropEndAt: string | Date },
  rounds: readonly TLiveRoundSource[],
  now: Date,
): TDropLiveRound[] {
  const { current, isCurrentActive } = roundStateAt(drop, rounds, now);
  return rounds.map((round) => {
    const leftCount = Math.max(0, round.endIssuedPackNumber - round.beginIssuedPackNumber + 1 - round.soldCount);
    const begins = new Date(round.saleBeginAt).getTime();
    const state: TDropLiveRoundState =
      leftCount === 0
        ? 'SOLD_OUT'
        : round === current && isCurrentActive
          ? 'ON_SALE'
          : begins > now.getTime() && now.getTime() < new Date(drop.dropEndAt).getTime()
            ? 'UPCOMING'
            : 'ENDED';
    return {
      id: round.id,
      round: round.round,
      soldCount: round.soldCount,
      leftCount,
      heldBackLeftCount: round.heldBackLeftCount,
      state,
    };
  });
}

/**
 * The drop a client holds with a live event's counts written in: each round's sold and held-back counts, the drop's
 * counts, its sold-out state and its gift packs given; everything else (times, contents, the viewer's own part) as it
 * was. An event about another drop, or older than what the drop already shows, changes nothing.
 */
export function withLiveCounts<
  D extends {
    id: string;
    counts: { soldCount: number; dropCount: number };
    isSoldOut: boolean;
    salePolicies: readonly { id: string; soldCount: number; heldBackLeftCount: number }[];
    giftRound: { givenCount: number } | null;
  },
>(drop: D, live: TDropLiveCountsShape): D {
  if (live.dropId !== drop.id) return drop;
  const liveOf = new Map(live.rounds.map((round) => [round.id, round]));
  return {
    ...drop,
    counts: { ...drop.counts, soldCount: live.counts.soldCount, dropCount: live.counts.dropCount },
    isSoldOut: live.isSoldOut,
    salePolicies: drop.salePolicies.map((policy) => {
      const round = liveOf.get(policy.id);
      return round ? { ...policy, soldCount: round.soldCount, heldBackLeftCount: round.heldBackLeftCount } : policy;
    }),
    giftRound:
      drop.giftRound && live.giftRound ? { ...drop.giftRound, givenCount: live.giftRound.givenCount } : drop.giftRound,
  };
}
