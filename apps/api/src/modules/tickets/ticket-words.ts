import { purchaseStatusPath, ticketCountText, type TTicketMovementReason } from '@cypher/contract';

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

/** One line of the history: "Bought 2 Drop tickets", "Spent 1 Drop ticket to enter a raffle round". */
export function movementDescription(reason: TTicketMovementReason, delta: number, kindName: string): string {
  const tickets = ticketCountText(Math.abs(delta), kindName);
  switch (reason) {
    case 'PURCHASE':
      return `Bought ${tickets}`;
    case 'ATTENDANCE':
      return `${tickets} for checking in`;
    case 'REDEEM':
      return `${tickets} from a redeemed code`;
    case 'RAFFLE_ENTRY':
      return `Spent ${tickets} to enter a raffle round`;
    case 'RAFFLE_REFUND':
      return `${tickets} returned from a raffle round`;
    case 'CONSOLE_GRANT':
      return `${tickets} from the team`;
    case 'AIRDROP':
      return `${tickets} from an airdrop`;
  }
}

/** A purchase's movement leads to the purchase (its reference is the order); the others to nothing yet. */
export function movementLinkPath(reason: TTicketMovementReason, referenceId: string): string | null {
  return reason === 'PURCHASE' ? purchaseStatusPath(referenceId) : null;
}
