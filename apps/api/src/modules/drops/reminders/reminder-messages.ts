import { webPath, type TNotificationStage } from '@cypher/contract';
import { emailLayout, type EmailBrand } from '../../../adapters/mail/email-layout.ts';
import type { OutgoingEmail } from '../../../adapters/mail/mail.ts';

/*
 * Writes: nothing · Reads: nothing (words only) · Used by: send-due-drop-reminders.ts · Tests:
 * send-due-drop-reminders.test.ts.
 */

/** The round a reminder is for, as its notification and its email name it. */
export interface TRemindedRound {
  dropId: string;
  dropName: string;
  round: number;
  isWhitelist: boolean;
}

/** What a reminder's notification and email say, in one place, so both tell the same thing. */
const opened = (round: TRemindedRound) => `Round ${round.round} of ${round.dropName} is on sale now.`;
const why = (round: TRemindedRound) =>
  round.isWhitelist
    ? 'You asked us to tell you when it opened, and you are on its whitelist.'
    : 'You asked us to tell you when it opened.';

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
    ...emailLayout(brand, [opened(round), `${why(round)} Packs are limited: they go to whoever buys first.`], {
      label: 'Go to the drop',
      url: `${brand.publicUrl}${webPath('/drops/:id', { id: round.dropId })}`,
    }),
  };
}
