import nodemailer from 'nodemailer';
import type { Mailer } from './mail.ts';

/** Real email through any SMTP server (SMTP_URL, e.g. smtps://user:password@smtp.example.com:465). */
export function smtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async sendEmail(email) {
      await transport.sendMail({
        from: options.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.html ? { html: email.html } : {}),
        // The same message sent again after a crash carries the same Message-ID, which mail services de-duplicate on.
        ...(email.messageId ? { messageId: `<${email.messageId}@${messageIdDomain(options.from)}>` } : {}),
        ...(email.unsubscribeUrl
          ? {
              headers: {
                'List-Unsubscribe': `<${email.unsubscribeUrl}>`,
                'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              },
            }
          : {}),
      });
    },
  };
}

/** The sender's domain ("Cypher <no-reply@cypher.local>" -> cypher.local), as Message-IDs conventionally end. */
function messageIdDomain(from: string): string {
  return from.match(/@([^>\s]+)/)?.[1] ?? 'localhost';
}
