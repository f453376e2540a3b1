import { webPath } from '@cypher/contract';
import type { TNotificationInput } from '../notifications/notify.ts';
import type { TRoundOfDrop } from '../drops/sale-round.ts';
import { readableUtc } from '../../lib/readable-utc.ts';
import { purchaseWindowEndsAt } from './raffle-windows.ts';

/*
 * Route: none; the draws (draw-raffle.ts, draw-second-chance.ts) tell entrants with these · Writes and reads: nothing ·
 * Tests: raffles.test.ts.
 */

type TEntrant = { id: string; userId: string };

/**
 * A winner is sent to the drop to buy, told when they may (a PURCHASE notice, since what it opens is a purchase): the
 * first draw's winners from the round's opening until the purchase window ends, the second draw's from then until the
 * round ends (raffle-purchase-gate.ts lets them buy exactly then). The times are written as every message the API
 * writes them, in UTC (readableUtc): a notice is text, read in any zone, long after it was written.
 */
export function raffleWinNotice(
  round: TRoundOfDrop,
  raffle: { purchaseWindowMinutes: number },
  entry: TEntrant,
  draw: 1 | 2,
  now: Date,
): TNotificationInput {
  const windowEndsAt = purchaseWindowEndsAt(round, raffle);
  const [from, until] = draw === 1 ? [round.saleBeginAt, windowEndsAt] : [windowEndsAt, round.saleEndAt];
  return {
    userId: entry.userId,
    kind: 'PURCHASE',
    stage: 'OPENED',
    title: draw === 1 ? 'You won the raffle' : 'You won a place in the second draw',
    body: `You may buy in round ${round.round} of ${round.dropName} from ${readableUtc(from)} until ${readableUtc(until)}.`,
    linkPath: webPath('/drops/:id', { id: round.dropId }),
    referenceId: entry.id,
    now,
  };
}

/** An entry the first draw did not pick; it stays on the waiting list for the second draw. */
export function raffleLossNotice(
  round: TRoundOfDrop,
  entry: TEntrant,
  isRefunded: boolean,
  now: Date,
): TNotificationInput {
  return {
    userId: entry.userId,
    kind: 'TICKET',
    stage: 'FAILED',
    title: 'Not drawn this time',
    body:
      `Your entry in the raffle for round ${round.round} of ${round.dropName} was not drawn; it stays on the waiting list.` +
      (isRefunded ? ' Your ticket was given back.' : ''),
    linkPath: webPath('/drops/:id/raffle/:roundId', { id: round.dropId, roundId: round.id }),
    referenceId: entry.id,
    now,
  };
}
