import { emailLayout, type EmailBrand } from '../../../adapters/mail/email-layout.ts';
import type { OutgoingEmail } from '../../../adapters/mail/mail.ts';

/** The welcome mail of a subscription; like every newsletter mail, it ends with the unsubscribe link. */
export function subscribedEmail(brand: EmailBrand, to: string, unsubscribeUrl: string): OutgoingEmail {
  return {
    to,
    subject: `You are subscribed to ${brand.brandName} news`,
    ...emailLayout(
      brand,
      [
        'Thanks for subscribing! You will hear from us about new drops, passes and events first.',
        'We send a few emails a month at most, and never share your address.',
      ],
      { label: 'See the latest drops', url: `${brand.publicUrl}/drops` },
      { text: 'Not for you? Unsubscribe with one click:', url: unsubscribeUrl },
    ),
  };
}
