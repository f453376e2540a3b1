import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { devMailboxMessages } from '../../modules/dev-mailbox/dev-mailbox.tables.ts';
import type { Mailer, SmsSender } from './mail.ts';

/**
 * The default mail and SMS provider outside production: messages are kept in the database and shown at
 * /dev/mailbox, so sign-up, verification and two-factor work end to end on a machine with no SMTP or SMS account.
 */
export function devMailbox(db: Db, clock: Clock): Mailer & SmsSender {
  return {
    async sendEmail(email) {
      await db.insert(devMailboxMessages).values({
        id: newId(),
        channel: 'email',
        to: email.to.toLowerCase(),
        subject: email.subject,
        text: email.text,
        html: email.html ?? null,
        createdAt: clock.now(),
      });
    },
    async sendSms(sms) {
      await db.insert(devMailboxMessages).values({
        id: newId(),
        channel: 'sms',
        to: sms.to,
        subject: null,
        text: sms.text,
        createdAt: clock.now(),
      });
    },
  };
}
