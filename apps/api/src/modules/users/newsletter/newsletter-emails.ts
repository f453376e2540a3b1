import { emailLayout, type EmailBrand } from '../../../adapters/mail/email-layout.ts';
import type { OutgoingEmail } from '../../../adapters/mail/mail.ts';

/**
 * The mail that asks the owner of an address to confirm it (double opt-in): nothing goes on the list until they open
 * its link and press Confirm, so an address typed by someone else gets this one mail and nothing more.
 */
export function confirmSubscriptionEmail(brand: EmailBrand, to: string, confirmationUrl: string): OutgoingEmail {
  return {
    to,
    subject: `Confirm your subscription to ${brand.brandName} news`,
    ...emailLayout(
      brand,
      [
        `Someone, hopefully you, asked to receive ${brand.brandName} news at this address.`,
        'Confirm your subscription with the button below. The link works for 7 days.',
        'Did not ask for it? Ignore this email: you will not be subscribed and will hear nothing more from us.',
      ],
      { label: 'Confirm your subscription', url: confirmationUrl },
    ),
  };
}

/** The welcome mail of a subscription; like every newsletter mail, it ends with the unsubscribe link. */
export function subscribedEmail(brand: EmailBrand, to: string, unsubscribeUrl: string): OutgoingEmail {
  return {
    to,
    subject: `You are subscribed to ${brand.brandName} news`,
    unsubscribeUrl,
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
