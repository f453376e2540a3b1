import { webPath, type TNotificationStage } from '@cypher/contract';
import { emailLayout, type EmailBrand } from '../../../adapters/mail/email-layout.ts';
import type { OutgoingEmail } from '../../../adapters/mail/mail.ts';
import { readableUtc } from '../../../lib/readable-utc.ts';

/*
 * Writes: nothing · Reads: nothing (words only) · Used by: send-due-drop-reminders.ts · Tests:
 * send-due-drop-reminders.test.ts.
 */

/**
 * The round a reminder is for, as its notification and its email name it, and how its packs are shared out: to its
 * raffle's winners until their window ends (`raffleWindowEndsAt`; only winners are reminded), in the order of its
 * waiting room's drawn places (`hasWaitingRoom`), or to whoever buys first.
 */
export interface TRemindedRound {
  dropId: string;
  dropName: string;
  round: number;
  isWhitelist: boolean;
  raffleWindowEndsAt: Date | null;
  hasWaitingRoom: boolean;
}

/** What a reminder's notification and email say, in one place, so both tell the same thing. */
const opened = (round: TRemindedRound) => `Round ${round.round} of ${round.dropName} is on sale now.`;
const why = (round: TRemindedRound) =>
  round.isWhitelist
    ? 'You asked us to tell you when it opened, and you are on its whitelist.'
    : 'You asked us to tell you when it opened.';
/** How the round's packs go, for the email (decision records 26 and 27); times in UTC, as every message the API writes. */
const howPacksGo = (round: TRemindedRound) =>
  round.raffleWindowEndsAt
    ? `You won a place in its raffle: your packs are kept for you until ${readableUtc(round.raffleWindowEndsAt)}.`
    : round.hasWaitingRoom
      ? 'It has a waiting room: join it on the drop’s page. Those who joined before the opening are let in to buy in an order drawn at random, and later arrivals after them.'
      : 'Packs are limited: they go to whoever buys first.';

export function reminderNotice(round: TRemindedRound) {
  return {
    stage: 'OPENED' as TNotificationStage,
    title: `Round ${round.round} is open`,
    body: `${opened(round)} ${why(round)}`,
    linkPath: webPath('/drops/:id', { id: round.dropId }),
  };
}

/** `messageId` names this reminder's email, so a send repeated after a crash is the same message (mail.ts). */
export function reminderEmail(brand: EmailBrand, to: string, round: TRemindedRound, reminderId: string): OutgoingEmail {
  return {
    to,
    subject: `Round ${round.round} of ${round.dropName} is open`,
    messageId: `drop-reminder.${reminderId}`,
    ...emailLayout(brand, [opened(round), `${why(round)} ${howPacksGo(round)}`], {
      label: 'Go to the drop',
      url: `${brand.publicUrl}${webPath('/drops/:id', { id: round.dropId })}`,
    }),
  };
}
