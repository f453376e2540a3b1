import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { keepMailboxMessage } from '../../modules/dev-mailbox/keep-mailbox-message.ts';
import type { Mailer, SmsSender } from './mail.ts';

/**
 * The default mail and SMS provider outside production: messages are kept in the database and shown at
 * /dev/mailbox, so sign-up, verification and two-factor work end to end on a machine with no SMTP or SMS account.
 */
export function devMailbox(db: Db, clock: Clock): Mailer & SmsSender {
  return {
    async sendEmail(email) {
      const message = { to: email.to.toLowerCase(), subject: email.subject, text: email.text, html: email.html };
      await keepMailboxMessage(db, { channel: 'email', ...message, messageId: email.messageId }, clock.now());
    },
    async sendSms(sms) {
      await keepMailboxMessage(db, { channel: 'sms', to: sms.to, subject: null, text: sms.text }, clock.now());
    },
  };
}
