import { purchaseStatusPath, ticketCountText, webPath, type TTicketMovementReason } from '@cypher/contract';

/*
 * What people read about their tickets: the notification of a grant or a spend (spec section 4: notifications for
 * tickets) and each line of the history on /tickets. Used by grant-tickets.ts, spend-ticket.ts and
 * list-my-ticket-history.ts · Writes: nothing · Reads: nothing (words only) · Tests: tickets.test.ts.
 */

/** Where a notification about tickets leads: the page with the count and its history. */
export const TICKETS_PATH = '/tickets';

/** The line under a notification's title, by why the count changed. */
const noticeBodies: Record<TTicketMovementReason, string> = {
  PURCHASE: 'Your purchase is complete: they are yours to use.',
  ATTENDANCE: 'A reward for checking in.',
  REDEEM: 'From the code you redeemed.',
  RAFFLE_ENTRY: 'You entered a raffle round.',
  RAFFLE_REFUND: 'Returned to you from a raffle round.',
  CONSOLE_GRANT: 'A gift from the team.',
  AIRDROP: 'An airdrop from the team.',
};

/** "3 Drop tickets added", or for a spend "1 Drop ticket spent". */
export function ticketNotice(reason: TTicketMovementReason, delta: number, kindName: string) {
  const tickets = ticketCountText(Math.abs(delta), kindName);
  return { title: delta < 0 ? `${tickets} spent` : `${tickets} added`, body: noticeBodies[reason] };
}

/** The raffle a movement's ticket entered or came back from, when it is one: its round and drop. */
export interface TRaffleOccasion {
  round: number;
  dropId: string;
  dropName: string;
}

/** "the raffle of round 1 of Neon Genesis". */
const raffleWords = (raffle: TRaffleOccasion) => `the raffle of round ${raffle.round} of ${raffle.dropName}`;

/** The notification of a ticket spent on a raffle entry: which raffle, and the drop it leads to. */
export function raffleEntryOccasion(raffle: TRaffleOccasion) {
  return { body: `You entered ${raffleWords(raffle)}.`, linkPath: webPath('/drops/:id', { id: raffle.dropId }) };
}

/**
 * One line of the history: "Bought 2 Drop tickets", "Spent 1 Drop ticket to enter the raffle of round 1 of Neon
 * Genesis" (a raffle named when it is known).
 */
export function movementDescription(
  reason: TTicketMovementReason,
  delta: number,
  kindName: string,
  raffle: TRaffleOccasion | null = null,
): string {
  const tickets = ticketCountText(Math.abs(delta), kindName);
  switch (reason) {
    case 'PURCHASE':
      return `Bought ${tickets}`;
    case 'ATTENDANCE':
      return `${tickets} for checking in`;
    case 'REDEEM':
      return `${tickets} from a redeemed code`;
    case 'RAFFLE_ENTRY':
      return `Spent ${tickets} to enter ${raffle ? raffleWords(raffle) : 'a raffle round'}`;
    case 'RAFFLE_REFUND':
      return `${tickets} returned from ${raffle ? raffleWords(raffle) : 'a raffle round'}`;
    case 'CONSOLE_GRANT':
      return `${tickets} from the team`;
    case 'AIRDROP':
      return `${tickets} from an airdrop`;
  }
}

/** A purchase's movement leads to the purchase (its reference is the order), a raffle's to its drop; others nowhere. */
export function movementLinkPath(
  reason: TTicketMovementReason,
  referenceId: string,
  raffle: TRaffleOccasion | null = null,
): string | null {
  if (reason === 'PURCHASE') return purchaseStatusPath(referenceId);
  return raffle ? webPath('/drops/:id', { id: raffle.dropId }) : null;
}
